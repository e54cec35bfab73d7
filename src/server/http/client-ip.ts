import type { Server } from "bun";

/**
 * The visitor's address: behind our one trusted proxy, the last X-Forwarded-For entry (the address that proxy
 * saw; entries before it are whatever the client sent), else the socket's peer.
 */
export function clientIp(request: Request, server: Server<unknown> | null | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "unknown";
}
