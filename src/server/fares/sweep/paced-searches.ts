/**
 * A paid source's searches, spent evenly and never beyond what is left: the part of a budgeted source that does not
 * care which provider answers (SerpApi, SearchApi). Once per scan (its `now`) it asks the provider's account what is
 * left this month, within FARE_BUDGET when one is set, and gives the scan its share (quota-pacing.ts). Every search
 * the source makes is taken out of that share first; a 429 refuses every later search of the scan.
 */
import { FareSourceError, type FareQuote, type FareSearch, type SearchRequest, type SearchResult } from "../sources/fare-source.ts";
import { searchesThisTick, ticksLeftInMonth } from "./quota-pacing.ts";
import { messageOf } from "../../../domain/error-text.ts";

/** This scan's share of the month's searches, and what of it is spent. */
export interface ScanAllowance {
  /** The scan it belongs to (its `now`). */
  scanAt: number;
  /** Searches left this month (plan and extra credits) when the scan began. */
  left: number;
  share: number;
  spent: number;
  /** Set when the provider answered 429: nothing more is sent in this scan. */
  refusal: string | null;
}

/** What the provider's account says of this month: searches left, and this month's use when stated. */
export interface MonthLeft {
  searchesLeft: number;
  thisMonthUsage: number | null;
}

export interface PacedSearchesOptions {
  /** The provider's name, as its errors begin ("SerpApi", "SearchApi"). */
  provider: string;
  /** SCAN_SCHEDULE: how many scans are left this month decides how many searches this one may use. */
  schedule: string;
  /** A ceiling per scan whatever the quota allows. */
  maxPerScan: number;
  /** FARE_BUDGET: searches a month this install may spend, counted by the account's use this month; the plan's when null. */
  monthlyBudget: number | null;
  /** Asks the provider's account now. */
  monthLeft: () => Promise<MonthLeft>;
}

export interface PacedSearches {
  readonly quotaUsedUp: string;
  allowance(now: Date): Promise<ScanAllowance>;
  /** Takes one search out of this scan's share, or throws FareSourceError saying why there is none. */
  spendOne(now: Date): Promise<ScanAllowance>;
  /** Marks the scan refused after the provider's 429: nothing more is sent in it. */
  refuse(scan: ScanAllowance, status: number): void;
  /** search() of a FareSource: the first searches the share affords, `concurrency` at a time; one failure does not stop the others. */
  searchEach(
    request: SearchRequest,
    concurrency: number,
    searchOnce: (scan: ScanAllowance, search: FareSearch) => Promise<FareQuote | null>,
  ): Promise<SearchResult>;
}

async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createPacedSearches(options: PacedSearchesOptions): PacedSearches {
  const { provider } = options;
  const quotaUsedUp = `${provider}: monthly search quota used up (0 searches left)`;

  /** The account's searches left, within FARE_BUDGET when one is set. */
  const searchesLeft = async (): Promise<number> => {
    const month = await options.monthLeft();
    if (options.monthlyBudget == null) return month.searchesLeft;
    return Math.max(0, Math.min(month.searchesLeft, options.monthlyBudget - (month.thisMonthUsage ?? 0)));
  };

  let current: ScanAllowance | null = null;
  const allowance = async (now: Date): Promise<ScanAllowance> => {
    if (current?.scanAt !== now.getTime()) {
      const left = await searchesLeft();
      const share = Math.min(searchesThisTick(left, ticksLeftInMonth(options.schedule, now)), options.maxPerScan);
      current = { scanAt: now.getTime(), left, share, spent: 0, refusal: null };
    }
    return current;
  };

  return {
    quotaUsedUp,
    allowance,

    async spendOne(now: Date): Promise<ScanAllowance> {
      const scan = await allowance(now);
      if (scan.left === 0) throw new FareSourceError(quotaUsedUp);
      if (scan.refusal) throw new FareSourceError(scan.refusal);
      if (scan.spent >= scan.share) {
        throw new FareSourceError(`${provider}: this scan's share of the monthly quota is spent (${scan.left - scan.spent} searches left this month)`);
      }
      scan.spent++;
      return scan;
    },

    refuse(scan: ScanAllowance, status: number): void {
      if (status === 429) scan.refusal ??= `${provider} refused further searches this scan (429)`;
    },

    async searchEach(request, concurrency, searchOnce): Promise<SearchResult> {
      const scan = await allowance(request.now);
      // Nothing can be searched: an empty answer here would pass for a scan that found no fares.
      if (scan.left === 0) return { quotes: [], searched: 0, errors: [quotaUsedUp], quotaLeft: 0 };
      if (scan.refusal) return { quotes: [], searched: 0, errors: [scan.refusal], quotaLeft: scan.left - scan.spent };
      const chosen = request.searches.slice(0, Math.max(0, scan.share - scan.spent));
      scan.spent += chosen.length;
      const errors: string[] = [];
      let unsent = 0;
      const answers = await mapWithConcurrency(chosen, concurrency, async (search) => {
        if (scan.refusal) {
          unsent++;
          return null;
        }
        try {
          return await searchOnce(scan, search);
        } catch (error) {
          errors.push(`${search.destination} ${search.departDate}: ${messageOf(error)}`);
          return null;
        }
      });
      scan.spent -= unsent;
      if (unsent > 0) errors.push(`${unsent} searches not sent: ${scan.refusal}`);
      return {
        quotes: answers.filter((quote): quote is FareQuote => quote !== null),
        searched: chosen.length - unsent,
        errors,
        quotaLeft: scan.left - scan.spent,
      };
    },
  };
}
