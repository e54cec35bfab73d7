/**
 * Sends one web push: the `web-push` library encrypts the payload for the device (RFC 8291, aes128gcm) and signs the
 * VAPID header (RFC 8292); we send its request with fetch, so the endpoint rule is checked right before the request
 * (the host's addresses too, so a public name that resolves inside our network is refused) and redirects are never followed.
 */
import { lookup } from "node:dns/promises";
import webpush from "web-push";
import { isLoopbackHost, isNonPublicAddress, pushEndpointProblem } from "../../domain/push-endpoint.ts";
import type { VapidConfig } from "../config.ts";

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** 'sent': the push service took it; 'gone': the device unsubscribed (404/410) and should be forgotten. */
export type PushOutcome = "sent" | "gone";

export interface PushSender {
  /** Throws on a failure worth retrying (network, 429, 5xx, a refused endpoint). */
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** How long a push service keeps an undelivered push: a deal alert is stale after a day. */
const TTL_SECONDS = 24 * 60 * 60;

export function createPushSender(options: { vapid: () => VapidConfig; allowLoopback: boolean; timeoutMs?: number }): PushSender {
  return {
    async send(target, payload) {
      const problem = pushEndpointProblem(target.endpoint, options.allowLoopback);
      if (problem) throw new Error(problem);
      const host = new URL(target.endpoint).hostname.replace(/^\[|\]$/g, "");
      if (!(options.allowLoopback && isLoopbackHost(host))) {
        const addresses = await lookup(host, { all: true });
        if (addresses.some((address) => isNonPublicAddress(address.address))) throw new Error("Push endpoint resolves to a non-public address.");
      }
      const vapid = options.vapid();
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: "aes128gcm",
        urgency: "high",
      });
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return "gone";
      if (response.status >= 200 && response.status < 300) return "sent";
      throw new Error(`The push service answered ${response.status}`);
    },
  };
}
