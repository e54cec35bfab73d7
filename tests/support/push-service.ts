/**
 * A push service on loopback for tests: records each push (headers and encrypted body) and answers the status the
 * test chose. With a device made here (a P-256 key pair and an auth secret from node:crypto, as a browser makes them),
 * a test decrypts what the server sent (RFC 8291 aes128gcm, with http_ece) and checks the VAPID header (RFC 8292).
 */
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error http_ece ships no types
import ece from "http_ece";

export interface ReceivedPush {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

export class LoopbackPushService {
  readonly received: ReceivedPush[] = [];
  /** The status the next pushes get (201 Created is what real push services answer). */
  status = 201;
  private server: Server | null = null;
  private waiters: (() => void)[] = [];

  /** node:http, so it runs under Bun (API tests) and under Node (Playwright). */
  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        this.received.push({ path: request.url ?? "", headers, body: Buffer.concat(chunks) });
        response.writeHead(this.status).end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    // Real push services keep a connection open for minutes. node's 5-second default may close a pooled connection just
    // as the server's next push reuses it (one suspected cause of a push missing in one full run; not reproduced).
    this.server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  endpoint(name: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/push/${name}`;
  }

  /** The first push to that endpoint's path after the first `after` received, waiting for it to arrive. */
  async waitFor(name: string, after = 0, timeoutMs = 10_000): Promise<ReceivedPush> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const push = this.received.slice(after).find((p) => p.path === `/push/${name}`);
      if (push) return push;
      if (Date.now() > deadline) throw new Error(`no push arrived for ${name}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }
}

/** A browser's push subscription: the keys it sends the server, and the private half it keeps. */
export function newDevice(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
    decrypt(body: Buffer): string {
      return (ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth.toString("base64url") }) as Buffer).toString("utf8");
    },
  };
}

/**
 * Reads `Authorization: vapid t=<JWT>, k=<public key>` and checks the JWT's ES256 signature with that key;
 * returns the JWT's claims and the key.
 */
export function verifyVapid(authorization: string): { claims: { aud: string; exp: number; sub: string }; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [jwt, publicKey] = [match[1]!, match[2]!];
  const [header, claims, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const valid = verify("sha256", Buffer.from(`${header}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) throw new Error("VAPID signature does not verify");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("VAPID JWT is not ES256");
  return { claims: JSON.parse(Buffer.from(claims, "base64url").toString()), publicKey };
}
