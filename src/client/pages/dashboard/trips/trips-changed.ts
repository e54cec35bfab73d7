// dashboard/trips/: from an alert to a booked trip: the trip actions of a deal (share, calendar, "I booked it") and the
// dashboard's booked trips and shared links. Imports components, the API and domain rules; no other page's parts.
import { atom, useAtomValue, useSetAtom } from "jotai";

/** Bumped when a trip is booked or a deal shared, so the dashboard's lists load again. */
const tripsChangedAtom = atom(0);

export const useTripsChanged = () => useAtomValue(tripsChangedAtom);

export function useNotifyTripsChanged() {
  const set = useSetAtom(tripsChangedAtom);
  return () => set((count) => count + 1);
}

/** The deals the member marked booked, as the dashboard last loaded them: the details say so instead of offering it again. */
const bookedDealIdsAtom = atom<ReadonlySet<number>>(new Set<number>());

export const useBookedDealIds = () => useAtomValue(bookedDealIdsAtom);
export const useSetBookedDealIds = () => useSetAtom(bookedDealIdsAtom);
