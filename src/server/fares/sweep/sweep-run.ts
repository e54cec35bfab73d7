/**
 * The state one discovery sweep's phases share (sweep-phases.ts): the scan's allowance, the counts and observations
 * so far, the candidates discovery found, and the fresh answers of the searches made since. Confirming goes through
 * one function here, so every phase spends, counts and files a fresh search the same way.
 */
import type { Db } from "../../../../db/client.ts";
import type { JudgedQuote } from "../judge/deal-records.ts";
import { judgeQuotes } from "../judge/judge-quotes.ts";
import type { PriceHistory } from "../judge/observations.ts";
import type { FareQuote, FareSource, PastObservation, SearchAllowance } from "../sources/fare-source.ts";
import { messageOf } from "../../../domain/error-text.ts";
import { notObservedToday } from "./sweep-lookups.ts";
import { providerDays, tripKey } from "./sweep-quotes.ts";

export interface SweepCounts {
  discoverySearches: number;
  /** Rows of every Explore answer, before any was skipped or merged. */
  discoveryRows: number;
  confirmSearches: number;
  /** Candidates a fresh search found to be a deal still. */
  confirmed: number;
  /** Candidates a fresh search found gone or not a deal: the cached price was not real. */
  rejected: number;
  rechecks: number;
  /** Searches of the dates of drops that could have held (dropsThatCanHaveHeld). */
  heldDropLooks: number;
  /** Searches of the trips a new drop's discovery could not show (hiddenNeighbours). */
  neighbourLooks: number;
}

/** A sweep's counts before it searches anything, and a scan's that made no sweep. */
export const NO_SWEEP_COUNTS: Readonly<SweepCounts> = {
  discoverySearches: 0,
  discoveryRows: 0,
  confirmSearches: 0,
  confirmed: 0,
  rejected: 0,
  rechecks: 0,
  heldDropLooks: 0,
  neighbourLooks: 0,
};

export interface DiscoverySweep extends SweepCounts {
  /** The prices to keep as observations: exact searches', and Google's price history of a confirmation as its own days. */
  observations: PastObservation[];
  /** Travel Explore windows' cheapest picks, for the booked-trip fare watch only (decision 145). */
  explorePicks: FareQuote[];
  /** Destinations priced by this sweep (discovered or searched). */
  observedRoutes: string[];
  judged: JudgedQuote[];
  searched: number;
  quotes: number;
  routes: number;
  quotaLeft: number | null;
  errors: string[];
}

export interface SweepInput {
  db: Db;
  fares: FareSource;
  history: PriceHistory;
  now: Date;
  today: string;
}

/** What a fresh search of a trip gave: its judged answer, null when it found no fare, or "not-sent". */
export type Confirmation = JudgedQuote | null | "not-sent";

export interface SweepRun extends SweepInput {
  /** This scan's share of the month, or null for a source with no budget. */
  allowance: SearchAllowance | null;
  sweep: DiscoverySweep;
  /** Discovery's candidates by trip, the cheapest of each. */
  candidates: Map<string, FareQuote>;
  /** Fresh answers by trip. */
  fresh: Map<string, JudgedQuote>;
  /** What exact-date Explore searches priced, by trip: kept as history, unlike a window's cheapest picks (decision 145). */
  exactDatePrices: Map<string, FareQuote>;
}

export function startSweep(input: SweepInput, allowance: SearchAllowance | null): SweepRun {
  const sweep: DiscoverySweep = {
    ...NO_SWEEP_COUNTS,
    observations: [],
    explorePicks: [],
    observedRoutes: [],
    judged: [],
    searched: 0,
    quotes: 0,
    routes: 0,
    quotaLeft: null,
    errors: [],
  };
  return { ...input, allowance, sweep, candidates: new Map(), fresh: new Map(), exactDatePrices: new Map() };
}

/** Whether the scan's share affords one more search. */
export function canSpend(run: SweepRun): boolean {
  const { allowance } = run;
  return allowance === null || (allowance.spent < allowance.share && !allowance.refusal);
}

/** Whether this trip was discovered or searched fresh in this sweep. */
export const seenThisSweep = (run: SweepRun, quote: FareQuote) => run.candidates.has(tripKey(quote)) || run.fresh.has(tripKey(quote));

/** One fresh search of a trip's exact dates, kept as an observation (with Google's history) and judged. */
export async function confirmOne(run: SweepRun, quote: FareQuote): Promise<Confirmation> {
  const { fares, sweep, db, today, now } = run;
  if (!fares.confirm || !canSpend(run)) return "not-sent";
  sweep.confirmSearches++;
  try {
    const answer = await fares.confirm(quote, now);
    if (!answer || answer.cached) return null;
    const firstToday = notObservedToday(db, [answer], today).length > 0 && !run.exactDatePrices.has(tripKey(answer));
    sweep.observations.push(...(firstToday ? [{ quote: answer, observedAt: now }] : []), ...providerDays(answer));
    const [judged] = judgeQuotes([answer], run.history, today).judged;
    run.fresh.set(tripKey(answer), judged!);
    return judged!;
  } catch (error) {
    sweep.confirmSearches--;
    sweep.errors.push(`confirming ${quote.destination} ${quote.departDate}: ${messageOf(error)}`);
    return "not-sent";
  }
}
