import { atom, useAtomValue, useSetAtom } from "jotai";
import { formatZonedDate, formatZonedTime, RDU_TIME_ZONE } from "../domain/zoned-time-text.ts";
import { useRootData } from "./root-data.ts";

/** A zone the member chose in the alert settings since the page loaded (set in the browser only, never while rendering on the server). */
const chosenTimeZoneAtom = atom<{ userId: number; timeZone: string } | null>(null);

/** The zone every time on a page is shown in (decision 111): the signed-in member's choice, RDU's for a visitor. */
export function useTimeZone(): string {
  const { user } = useRootData();
  const chosen = useAtomValue(chosenTimeZoneAtom);
  if (!user) return RDU_TIME_ZONE;
  return chosen?.userId === user.id ? chosen.timeZone : user.timeZone;
}

/** The alert settings call this once a new zone is saved, so the times already on the page follow it. */
export function useTimeZoneChosen(): (timeZone: string) => void {
  const { user } = useRootData();
  const set = useSetAtom(chosenTimeZoneAtom);
  return (timeZone) => {
    if (user) set({ userId: user.id, timeZone });
  };
}

/** 'Sun, Nov 29, 6:49 am EST' in the page's zone (formatZonedTime). */
export function useZonedTime(): (iso: string) => string {
  const timeZone = useTimeZone();
  return (iso) => formatZonedTime(new Date(iso), timeZone, new Date());
}

/** 'Sun, Nov 29' (the year when not this year) in the page's zone (formatZonedDate). */
export function useZonedDate(): (iso: string) => string {
  const timeZone = useTimeZone();
  return (iso) => formatZonedDate(new Date(iso), timeZone, new Date());
}
