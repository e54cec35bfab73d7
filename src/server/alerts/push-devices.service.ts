/**
 * The devices that get instant alerts by web push. A browser's subscription is stored once by its endpoint: the
 * same browser subscribing again (even for another member signed in on it) replaces its row. At most 10 devices a
 * member; the endpoint must pass the SSRF rule (src/domain/push-endpoint.ts).
 */
import type { PushDevice, PushSubscribeRequest } from "../../domain/api/alerts.ts";
import { pushEndpointProblem, pushKeysProblem } from "../../domain/push-endpoint.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import { idFromPath } from "../http/path-id.ts";

export const MAX_PUSH_DEVICES = 10;

export function addPushDevice(deps: Pick<Deps, "db" | "clock" | "config">, user: User, input: PushSubscribeRequest): PushDevice {
  const problem = pushEndpointProblem(input.endpoint, deps.config.pushAllowLoopback);
  if (problem) throw badRequest(problem);
  const keysProblem = pushKeysProblem(input.keys);
  if (keysProblem) throw badRequest(keysProblem);
  const label = input.label.trim().slice(0, 60) || "This device";
  const now = deps.clock.now().getTime();
  return deps.db.transaction(() => {
    const count = deps.db.$client
      .query("SELECT count(*) AS n FROM push_devices WHERE user_id = $userId AND endpoint <> $endpoint")
      .get({ userId: user.id, endpoint: input.endpoint }) as { n: number };
    if (count.n >= MAX_PUSH_DEVICES) throw conflict(`You can get alerts on up to ${MAX_PUSH_DEVICES} devices. Remove one to add this one.`);
    const row = deps.db.$client
      .query(
        `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label, created_at) VALUES ($userId, $endpoint, $p256dh, $auth, $label, $now)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label
         RETURNING id, label, created_at`,
      )
      .get({ userId: user.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label, now }) as {
      id: number;
      label: string;
      created_at: number;
    };
    return { id: row.id, label: row.label, createdAt: new Date(row.created_at).toISOString() };
  });
}

/** 404 for an unknown id or another member's device. */
export function removePushDevice(deps: Pick<Deps, "db">, user: User, rawId: string): void {
  const id = idFromPath(rawId, "Device not found");
  const removed = deps.db.$client.query("DELETE FROM push_devices WHERE id = $id AND user_id = $userId").run({ id, userId: user.id }).changes;
  if (removed === 0) throw notFound("Device not found");
}
