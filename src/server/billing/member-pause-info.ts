import type { PauseInfo } from "../../domain/api/member-pause.ts";
import { pauseAvailability } from "../../domain/member-pause.ts";
import type { User } from "../auth/users.ts";

/** What the dashboard shows of a member's own pause: whether one may start, why not, and until when one runs. */
export function pauseInfo(user: User, now: Date): PauseInfo {
  const availability = pauseAvailability(user, now);
  const nothingToPause = !availability.ok && (availability.reason === "no-subscription" || availability.reason === "already-paused");
  return {
    canPause: availability.ok,
    refusal: availability.ok || nothingToPause ? null : availability.message,
    pausedUntil: user.subscriptionStatus === "Paused" ? (user.pauseResumesAt?.toISOString() ?? null) : null,
  };
}
