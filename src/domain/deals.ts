// Pure helpers for flight deals (docs/product-rules.md §3 "Flight deal" and "Deal helpers").

export interface DealLike {
  airline?: string;
  destination?: string;
  travelDates?: string;
  /** 'YYYY-MM-DD', when the deal carries structured dates (they win over the text; see dealTravelDates). */
  departDate?: string | null;
  returnDate?: string | null;
  startingPrice?: string | number | null;
  priceRange1?: string | number | null;
  priceRange2?: string | number | null;
  /** The route's typical (median) price this month, when the deal carries it. */
  typicalPrice?: string | number | null;
  nonstop?: unknown;
  isDirect?: unknown;
  stops?: unknown;
  stopsCount?: unknown;
  stopsText?: unknown;
  route?: unknown;
  notes?: unknown;
  isNewForUser?: boolean;
  isActive?: boolean;
  tripType?: string;
  seatClass?: string;
  duration?: string;
}

export type NonstopAnswer = "Yes" | "No" | null;

// First number in the text; commas are thousands separators, a dot is the decimal point.
const PRICE_PATTERN = /\d[\d,]*(?:\.\d+)?/;

/** "$1,234" → 1234, "USD 299.00" → 299, "$299.99" → 299.99, 450 → 450, nothing → null. */
export function parsePrice(value: string | number | null | undefined): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const match = PRICE_PATTERN.exec(value);
  if (!match) return null;
  const amount = Number(match[0].replaceAll(",", ""));
  return Number.isFinite(amount) ? amount : null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

interface KnownRange {
  low: number;
  high: number;
}

function knownRange(deal: DealLike): KnownRange | null {
  const low = parsePrice(deal.priceRange1);
  const high = parsePrice(deal.priceRange2);
  if (low === null || high === null) return null;
  return { low, high };
}

/** 0..100: where the starting price sits between priceRange1 (low) and priceRange2 (high); 50 when unknown. */
export function priceRangePosition(deal: DealLike): number {
  const range = knownRange(deal);
  const price = parsePrice(deal.startingPrice);
  if (range === null || price === null || range.high <= range.low) return 50;
  const percent = ((price - range.low) / (range.high - range.low)) * 100;
  return clamp(percent, 0, 100);
}

/** The table's price-range marker: the position clamped to 4..96 so it stays inside the bar. */
export function markerPosition(deal: DealLike): number {
  return clamp(priceRangePosition(deal), 4, 96);
}

/**
 * The price a deal is measured against: the route's typical price when the deal carries it, otherwise the
 * middle of its typical range in whole dollars; null when neither is known.
 */
export function typicalPriceOf(deal: DealLike): number | null {
  const typical = parsePrice(deal.typicalPrice);
  if (typical !== null && typical > 0) return typical;
  const range = knownRange(deal);
  return range === null ? null : Math.round((range.low + range.high) / 2);
}

/**
 * Go Savings, the one definition of savings everywhere (table, details, deal-alert email): the typical price
 * shown beside the deal minus its price, in whole dollars; 0 when unknown or not positive. (docs/product-rules.md §3's
 * "range2 minus the price" measured against the top of the range, which the page never calls typical.)
 */
export function goSavings(deal: DealLike): number {
  const typical = typicalPriceOf(deal);
  const price = parsePrice(deal.startingPrice);
  if (typical === null || price === null) return 0;
  return Math.max(0, Math.round(typical - price));
}

/** How far below the typical price a price is, in whole percent (negative when above it); 0 without a typical price. */
export function percentBelowTypical(price: number, typical: number): number {
  return typical > 0 ? Math.round(((typical - price) / typical) * 100) : 0;
}

const YES_WORDS = new Set(["yes", "y", "true", "nonstop", "non-stop", "non stop", "direct"]);
const NO_WORDS = new Set(["no", "n", "false"]);

function fromYesNo(value: unknown): NonstopAnswer {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value !== "string") return null;
  const word = value.trim().toLowerCase();
  if (YES_WORDS.has(word)) return "Yes";
  if (NO_WORDS.has(word)) return "No";
  return null;
}

function fromStopCount(count: number): NonstopAnswer {
  if (!Number.isInteger(count) || count < 0) return null;
  return count === 0 ? "Yes" : "No";
}

function fromStopsNumber(value: unknown): NonstopAnswer {
  if (typeof value === "number") return fromStopCount(value);
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) return fromStopCount(Number(value));
  return null;
}

function fromStopsText(value: unknown): NonstopAnswer {
  if (typeof value !== "string") return null;
  if (/\bnon[\s-]?stop\b|\bdirect\b/i.test(value)) return "Yes";
  const counted = /(\d+)\s*stops?\b/i.exec(value);
  if (counted?.[1] !== undefined) return fromStopCount(Number(counted[1]));
  return null;
}

// Airports in a route are separated by dashes or arrows: "RDU-LHR", "RDU → JFK → LHR", "RDU->ATL->LHR".
const ROUTE_SEPARATOR = /\s*(?:->|=>|→|—|–|-|>|\/)\s*/;

function fromAirportCount(count: number): NonstopAnswer {
  if (count < 2) return null;
  return count === 2 ? "Yes" : "No";
}

function fromRoute(value: unknown): NonstopAnswer {
  if (Array.isArray(value)) return fromAirportCount(value.length);
  if (typeof value !== "string") return null;
  const airports = value.split(ROUTE_SEPARATOR).filter((part) => part.trim() !== "");
  return fromAirportCount(airports.length);
}

function fromNotes(value: unknown): NonstopAnswer {
  if (typeof value !== "string") return null;
  if (/\bnon[\s-]?stop\b|\bdirect\b/i.test(value)) return "Yes";
  if (/\b[1-9]\d*\s*stops?\b|\blayovers?\b|\bconnect/i.test(value)) return "No";
  return null;
}

/** 'Yes' / 'No' from the first field that answers decisively; null = unknown (neutral display). */
export function detectNonstop(deal: DealLike): NonstopAnswer {
  return (
    fromYesNo(deal.nonstop) ??
    fromYesNo(deal.isDirect) ??
    fromStopsNumber(deal.stops) ??
    fromStopsNumber(deal.stopsCount) ??
    fromStopsText(deal.stopsText) ??
    fromRoute(deal.route) ??
    fromNotes(deal.notes)
  );
}

export function isNonstop(deal: DealLike): boolean {
  return detectNonstop(deal) === "Yes";
}
