/**
 * Which push subscriptions the server stores and POSTs to. A browser hands us its push service's URL; an attacker could
 * hand us an internal address instead and make the server send requests inside our network (SSRF). So an endpoint must
 * be https on port 443, on a public host name or a public unicast address: ipaddr.js classifies the address (every
 * private, loopback, link-local, shared, documentation, benchmarking, translation, 6to4, site-local or other reserved
 * range fails; decision 100), and the server checks a name's resolved addresses the same way before it connects
 * (src/server/mail/push-sender.ts). Tests that play the push service on loopback set `allowLoopback` (config
 * PUSH_ALLOW_LOOPBACK), which allows loopback over plain http on any port, and nothing else.
 */
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import ipaddr from "ipaddr.js";

/** An IPv4 (four decimal parts) or IPv6 literal, without brackets. */
export function isIpAddress(host: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);
}

/** IANA's global unicast block: ipaddr.js calls the IPv4-compatible ::/96 (`::7f00:1` is 127.0.0.1) "unicast" too. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/** True only for an address on the public internet: ipaddr.js's "unicast" range (IPv6: inside 2000::/3), no reserved range. */
export function isPublicUnicast(address: string): boolean {
  if (!isIpAddress(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed.range() === "unicast" && (parsed.kind() === "ipv4" || parsed.match(IPV6_GLOBAL_UNICAST));
}

export const isLoopbackHost = (host: string) => host === "localhost" || (isIpAddress(host) && ipaddr.parse(host).range() === "loopback");

/** May the server connect to this address: a public one, or loopback when the tests' switch is on. */
export const isAllowedPushAddress = (address: string, allowLoopback: boolean) => isPublicUnicast(address) || (allowLoopback && isLoopbackHost(address));

/** Host names that never name a public push service. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|lan|home\.arpa|test|invalid)$/;

/** null when the server may send to this endpoint, otherwise why not. */
export function pushEndpointProblem(endpoint: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The push endpoint is not a URL.";
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowLoopback && isLoopbackHost(host) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return "Push endpoints must use https.";
  if (url.port !== "") return "Push endpoints must use the https port (443).";
  if (url.username || url.password) return "Push endpoints carry no credentials.";
  const publicHost = isIpAddress(host) ? isPublicUnicast(host) : host.includes(".") && !LOCAL_NAME.test(host);
  return publicHost ? null : "Push endpoints must be on the public internet.";
}

/** P-256 (secp256r1): the field prime and the curve's b; a = -3. */
const P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const bigIntOf = (bytes: Uint8Array) => bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);

function base64urlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  try {
    return decodeBase64urlIgnorePadding(text.replace(/=+$/, ""));
  } catch {
    return null;
  }
}

/** True for an uncompressed P-256 public key: 0x04, then x and y (32 bytes each, below p) with y² = x³ - 3x + b. */
function isP256Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = bigIntOf(bytes.subarray(1, 33));
  const y = bigIntOf(bytes.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  return (y * y - (x * x * x - 3n * x + P256_B)) % P256_P === 0n;
}

/**
 * null when a subscription's keys are what RFC 8291 encrypts to, otherwise why not: `p256dh` the browser's P-256
 * public key (65 bytes, uncompressed, on the curve) and `auth` its 16-byte secret, both base64url.
 */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = base64urlBytes(keys.p256dh);
  if (!point || !isP256Point(point)) return "The push subscription's p256dh key is not a P-256 public key.";
  if (base64urlBytes(keys.auth)?.length !== 16) return "The push subscription's auth secret is not 16 bytes.";
  return null;
}
