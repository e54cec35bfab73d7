/**
 * Which push endpoints the server will POST to. A browser hands us its push service's URL; an attacker could hand us
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
