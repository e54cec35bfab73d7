/** Judging a scan's quotes against the typical price of their own trip, and confirming the cached ones. */
import type { JudgedQuote } from "./deal-records.ts";
import { judgeFare } from "./detect.ts";
import type { FareQuote, FareSource } from "../sources/fare-source.ts";
import { routeKey, type PriceHistory, type ScanLevel } from "./observations.ts";
import { levelNow, scanLevel } from "./route-level.ts";
import { baseLevel, providerRange, rangeAround, routeModels, type PriceRange } from "./typical-range.ts";
import { tripKindOf } from "../../../domain/deal-rules.ts";
import { messageOf } from "../../../domain/error-text.ts";

/**
 * Each quote judged, and each route's level measured by this scan (for the route's recent level). `measuresLevel` says
 * which quotes are a fair sample of the route's fares: a Travel Explore window's cheapest pick sits far below them, and
 * a level measured from such picks would look like a fare war (decision 145).
 */
export function judgeQuotes(
  quotes: readonly FareQuote[],
  history: PriceHistory,
  today: string,
  measuresLevel: (quote: FareQuote) => boolean = () => true,
): { judged: JudgedQuote[]; routeLevels: Map<string, ScanLevel> } {
  const models = routeModels(history);
  const byRoute = new Map<string, number[]>();
  quotes.forEach((quote, index) => {
    const route = routeKey(quote);
    const list = byRoute.get(route);
    if (list) list.push(index);
    else byRoute.set(route, [index]);
  });
  const judged: JudgedQuote[] = new Array(quotes.length);
  const routeLevels = new Map<string, ScanLevel>();
  for (const [route, indexes] of byRoute) {
    const model = models.get(route) ?? null;
    const bases = indexes.map((i) => (model ? baseLevel(model, quotes[i]!, today) : null));
    const residuals = indexes.flatMap((i, k) => {
      const base = bases[k];
      return base && measuresLevel(quotes[i]!) ? [Math.log(quotes[i]!.price) - base.log] : [];
    });
    const measured = scanLevel(residuals);
    if (measured !== null) routeLevels.set(route, measured);
    // A look at a few of a route's trips (the second look at a drop, an hour after the scan that saw it) cannot measure
    // the route's level: the level its last scan measured still holds, or the drop is judged at a level it was not seen at.
    const levelThisHour = measured ?? history.lastScanLevels.get(route) ?? null;
    const now = model ? levelNow(model, history.scanLevels.get(route) ?? [], levelThisHour) : null;
    indexes.forEach((i, k) => {
      const quote = quotes[i]!;
      const base = bases[k];
      const range: PriceRange | null = base
        ? rangeAround(base.log + now!.level, now!.spread, base.days, base.kind)
        : providerRange(
            { typicalLow: quote.providerTypicalLow, typicalHigh: quote.providerTypicalHigh, priceHistory: quote.providerPriceHistory },
            tripKindOf(quote.departDate, quote.returnDate),
          );
      const pairRecentLows = model?.pairRecentLows.get(`${quote.departDate}|${quote.returnDate ?? ""}`) ?? [];
      judged[i] = { quote, range, pairRecentLows, judgement: range ? judgeFare(quote, range, today) : null };
    });
  }
  return { judged, routeLevels };
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
      confirmed.push({ ...item, quote, judgement: judgeFare(quote, item.range, today), confirmsCachedDeal: true });
    } catch (error) {
      errors.push(`confirming ${item.quote.destination} ${item.quote.departDate}: ${messageOf(error)}`);
      confirmed.push(unconfirmed(`cached price, not confirmed: ${messageOf(error)}`));
    }
  }
  return { judged: confirmed, fresh };
}
