/** Judging a scan's quotes against their routes' typical ranges, and confirming the cached ones. */
import type { JudgedQuote } from "./deal-records.ts";
import { judgeFare } from "./detect.ts";
import type { FareQuote, FareSource } from "./fare-source.ts";
import { routeKey, type PriceHistory } from "./observations.ts";
import { typicalRange, validProviderRange, type PriceRange } from "./typical-range.ts";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export function judgeQuotes(quotes: readonly FareQuote[], history: PriceHistory, today: string): JudgedQuote[] {
  const ranges = new Map<string, PriceRange | null>();
  return quotes.map((quote) => {
    const route = routeKey(quote);
    const key = `${route}|${quote.departDate.slice(5, 7)}|${quote.providerTypicalLow}|${quote.providerTypicalHigh}`;
    let range = ranges.get(key);
    if (range === undefined) {
      range = typicalRange(history.of(route, quote.departDate), validProviderRange(quote.providerTypicalLow, quote.providerTypicalHigh));
      ranges.set(key, range);
    }
    return { quote, range, judgement: range ? judgeFare(quote, range, today) : null };
  });
}

/**
 * A cached price is not proof of a live fare (docs/deal-rules.md, rule 4): a candidate counts only once one fresh search still
 * finds it a deal. Without one it keeps its cached price, marked cached, and is not a deal.
 */
export async function confirmCachedCandidates(fares: FareSource, judged: JudgedQuote[], now: Date, today: string, errors: string[]) {
  const confirmed: JudgedQuote[] = [];
  const fresh: FareQuote[] = [];
  for (const item of judged) {
    if (!item.quote.cached || !item.judgement?.isDeal || !item.range) {
      confirmed.push(item);
      continue;
    }
    const unconfirmed = (reason: string): JudgedQuote => ({ ...item, judgement: { ...item.judgement!, isDeal: false, tier: null, reason } });
    if (!fares.confirm) {
      confirmed.push(unconfirmed("cached price, no fresh search to confirm it"));
      continue;
    }
    try {
      const quote = await fares.confirm(item.quote, now);
      if (!quote) {
        confirmed.push(unconfirmed("gone on a fresh search"));
        continue;
      }
      if (quote.cached) {
        confirmed.push(unconfirmed("cached price, asked again of a cache"));
        continue;
      }
      fresh.push(quote);
      confirmed.push({ quote, range: item.range, judgement: judgeFare(quote, item.range, today) });
    } catch (error) {
      errors.push(`confirming ${item.quote.destination} ${item.quote.departDate}: ${messageOf(error)}`);
      confirmed.push(unconfirmed(`cached price, not confirmed: ${messageOf(error)}`));
    }
  }
  return { judged: confirmed, fresh };
}
