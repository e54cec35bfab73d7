/**
 * Sends one web push: the `web-push` library encrypts the payload for the device (RFC 8291, aes128gcm) and signs the
 * VAPID header (RFC 8292); we send its request with fetch. Right before the request the endpoint rule is checked
 * again, a host name is resolved once and every address it answers must be public (src/domain/push-endpoint.ts), and
 * the request goes to the address that was checked (the name only in Host and TLS SNI), so a name that answers
 * differently a moment later (DNS rebinding) cannot send it inside our network. Redirects are never followed; the
 * lookup, the connection and the answer share one time budget.
 */
import { lookup } from "node:dns/promises";
import webpush from "web-push";
import { isAllowedPushAddress, isIpAddress, isLoopbackHost, pushEndpointProblem } from "../../domain/push-endpoint.ts";
import type { VapidConfig } from "../config.ts";
import { messageOf } from "../../domain/error-text.ts";

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** 'sent': the push service took it; 'gone': the device unsubscribed (404/410) and should be forgotten. */
export type PushOutcome = "sent" | "gone";

export interface PushSender {
  /** Throws a PushFailure when the push was not taken: worth retrying later. */
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/**
 * A push the service did not take. `hostFailed`: the push service itself failed (no address, no connection, no answer
 * within the budget, 429, 5xx), so its other pushes should wait too; otherwise only this device's push was refused.
 */
export class PushFailure extends Error {
  constructor(
    message: string,
    readonly hostFailed: boolean,
  ) {
    super(message);
  }
}

export interface PushSenderOptions {
  vapid: () => VapidConfig;
  allowLoopback: boolean;
  /** One push's whole budget: the name lookup, connecting, and the push service's answer. */
  timeoutMs?: number;
  /** A host name's addresses; tests play DNS here. Default: the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
  /** Tests see where a push would connect here. Default: fetch. */
  fetch?: typeof fetch;
}

/** How long a push service keeps an undelivered push: a deal alert is stale after a day. */
const TTL_SECONDS = 24 * 60 * 60;
/** Push services answer in well under a second; one that takes longer is treated as down and retried later. */
export const PUSH_TIMEOUT_MS = 5_000;

const systemResolve = async (host: string) => (await lookup(host, { all: true })).map((answer) => answer.address);

/** Rejects when the signal aborts, so a lookup that never answers (getaddrinfo cannot be cancelled) stops being waited for. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new Error("The push timed out."));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** The address to connect to: the literal in the URL, or the host's one lookup, every address it answers checked. */
async function checkedAddress(host: string, options: PushSenderOptions, signal: AbortSignal): Promise<string> {
  if (isIpAddress(host)) return host;
  if (options.allowLoopback && isLoopbackHost(host)) return "127.0.0.1";
  const addresses = await untilAborted((options.resolve ?? systemResolve)(host), signal).catch((error: unknown) => {
    throw new PushFailure(`The push endpoint's host was not found in time: ${messageOf(error)}`, true);
  });
  if (addresses.length === 0) throw new PushFailure("The push endpoint's host has no address.", true);
  if (!addresses.every((address) => isAllowedPushAddress(address, options.allowLoopback))) {
    throw new PushFailure("Push endpoint resolves to a non-public address.", true);
  }
  return addresses[0]!;
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const send = options.fetch ?? fetch;
  return {
    async send(target, payload) {
      const problem = pushEndpointProblem(target.endpoint, options.allowLoopback);
      if (problem) throw new PushFailure(problem, false);
      const signal = AbortSignal.timeout(options.timeoutMs ?? PUSH_TIMEOUT_MS);
      const url = new URL(target.endpoint);
      const host = url.hostname.replace(/^\[|\]$/g, "");
      const address = await checkedAddress(host, options, signal);
      const vapid = options.vapid();
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: "aes128gcm",
        urgency: "high",
      });
      const connectTo = new URL(details.endpoint);
      connectTo.hostname = address.includes(":") ? `[${address}]` : address;
      const response = await send(connectTo, {
        method: details.method,
        headers: { ...(details.headers as Record<string, string>), host: url.host },
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: "manual",
        signal,
        ...(isIpAddress(host) ? {} : { tls: { serverName: host } }),
      }).catch((error: unknown) => {
        throw new PushFailure(`The push service did not answer: ${messageOf(error)}`, true);
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return "gone";
      if (response.status >= 200 && response.status < 300) return "sent";
      throw new PushFailure(`The push service answered ${response.status}`, response.status === 429 || response.status >= 500);
    },
  };
}
