import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";

/**
 * Which push subscriptions the server stores and POSTs to. A browser hands us its push service's URL; an attacker could hand us
 * an internal address instead and make the server send requests inside our network (SSRF). So an endpoint must be
 * https on a public host name or public address: never localhost, a private, loopback, link-local or unique-local
 * address. Tests that play the push service on loopback set `allowLoopback` (config PUSH_ALLOW_LOOPBACK), which also
 * allows plain http there and nothing else.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv4 or IPv6 literal (without brackets) that is not on the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const v4 = IPV4.exec(address);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (!v6.includes(":")) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return isNonPublicAddress(mapped[1]!);
  return v6 === "::" || v6 === "::1" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith("ff");
}

export const isLoopbackHost = (host: string) => host === "localhost" || host === "::1" || /^127\./.test(host);

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
  if (url.username || url.password) return "Push endpoints carry no credentials.";
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".")) {
    return "Push endpoints must be on the public internet.";
  }
  if (isNonPublicAddress(host)) return "Push endpoints must be on the public internet.";
  return null;
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
