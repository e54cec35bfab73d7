/** Which deals a subscriber wants: their preferences, and the rule that matches a deal against them. */

/** What a subscriber chose at signup (and may change): empty destinations = every destination. */
export interface UserPreferences {
  destinations: string[];
  maxPrice: number;
  nonstopOnly: boolean;
}

export interface DealForMatching {
  destination: string;
  price: number;
  nonstop: boolean;
}

/** No destinations = every destination; price at most maxPrice; nonstop when nonstopOnly. */
export function fitsPreferences(preferences: Partial<UserPreferences> | null | undefined, deal: DealForMatching): boolean {
  const destinations: unknown = preferences?.destinations;
  if (Array.isArray(destinations) && destinations.length > 0) {
    const wanted = destinations.some((code) => typeof code === "string" && code.toUpperCase() === deal.destination);
    if (!wanted) return false;
  }
  const maxPrice: unknown = preferences?.maxPrice;
  if (typeof maxPrice === "number" && deal.price > maxPrice) return false;
  if (preferences?.nonstopOnly === true && !deal.nonstop) return false;
  return true;
}
