/** A member's own pause (decision 133): what the dashboard offers and the pause request. */
import { type Static, Type as t } from "@sinclair/typebox";
import { Nullable, strict } from "./common.ts";

export const PauseRequest = t.Object({ months: t.Integer({ minimum: 1, maximum: 3 }) }, strict);
export type PauseRequest = Static<typeof PauseRequest>;

/** Whether the member may pause now (and if not, why, in their words), and until when a pause runs. */
export const PauseInfo = t.Object({
  canPause: t.Boolean(),
  /** Why a pause can't start now; null when it can, or when there is nothing to pause. */
  refusal: Nullable(t.String()),
  /** When the current pause ends by itself (ISO); null when not paused, or paused by an admin with no end. */
  pausedUntil: Nullable(t.String()),
});
export type PauseInfo = Static<typeof PauseInfo>;
