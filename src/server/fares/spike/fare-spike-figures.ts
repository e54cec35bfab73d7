/**
 * What `npm run fares:spike` measured, as figures (pure): from the looks a spike made (fare-spike.ts), how many
 * routes one Explore answer prices, how Explore's price compares with a fresh Google Flights search of the same trip,
 * how long after Google Flights shows a new price Explore shows it, whether exact-date Explore lists every route,
 * and how well the date grid agrees with Google Flights.
 */
import { median } from "../../../domain/statistics.ts";

/** One Explore answer: the catalogue routes of its area it priced. */
export interface ExploreLook {
  area: string;
  at: number;
  /** Places in the answer, priced or not. */
  places: number;
  pricedRoutes: number;
  areaRoutes: number;
}

/** A trip's price by Google Flights and, when that look's Explore answer showed the same dates, by Explore. */
export interface TripLook {
  trip: string;
  at: number;
  flights: number | null;
  explore: number | null;
}

export interface ExactDatesLook {
  area: string;
  dates: string;
  listedRoutes: number;
  areaRoutes: number;
}

export interface GridCheck {
  trip: string;
  grid: number;
  flights: number | null;
}

export interface SpikeLooks {
  provider: string;
  cap: number;
  spent: number;
  startedAt: number;
  endedAt: number;
  explore: ExploreLook[];
  trips: TripLook[];
  exactDates: ExactDatesLook[] | null;
  gridCells: number | null;
  gridChecks: GridCheck[] | null;
  errors: string[];
}

/** Two prices agree when within 2 % or $5 of each other. */
export const AGREES = { share: 0.02, dollars: 5 };

export interface PriceAgreement {
  pairs: number;
  agreeing: number;
  medianGapPercent: number | null;
  /** Pairs where the first price (Explore, the grid) was below Google Flights'. */
  lower: number;
}

export interface SpikeFigures {
  exploreAnswers: number;
  medianPlaces: number | null;
  /** Median share of an area's catalogue routes one answer prices. */
  medianRouteShare: number | null;
  routeShareByArea: { area: string; answers: number; medianPriced: number; routes: number }[];
  exploreVsFlights: PriceAgreement;
  changes: number;
  changesShown: number;
  medianLagHours: number | null;
  maxLagHours: number | null;
  exactDates: { looks: number; listingEvery: number; listed: number; routes: number } | null;
  grid: (PriceAgreement & { cells: number }) | null;
}

const HOUR_MS = 3_600_000;
const agrees = (a: number, b: number) => Math.abs(a - b) <= Math.max(AGREES.dollars, AGREES.share * b);

export function agreement(pairs: readonly [first: number, flights: number][]): PriceAgreement {
  return {
    pairs: pairs.length,
    agreeing: pairs.filter(([a, b]) => agrees(a, b)).length,
    medianGapPercent: pairs.length === 0 ? null : Math.round(median(pairs.map(([a, b]) => (Math.abs(a - b) / b) * 100)) * 10) / 10,
    lower: pairs.filter(([a, b]) => a < b && !agrees(a, b)).length,
  };
}

/**
 * Each change of a trip's Google Flights price between two looks, and the hours until Explore first showed that
 * new price (counted from the look where Google Flights showed it: the change happened at most one interval before).
 */
export function exploreLags(trips: readonly TripLook[]): { changes: number; lagsHours: number[] } {
  const byTrip = Map.groupBy(trips, (look) => look.trip);
  let changes = 0;
  const lagsHours: number[] = [];
  for (const looks of byTrip.values()) {
    const ordered = [...looks].sort((a, b) => a.at - b.at);
    let previous: number | null = null;
    for (const [index, look] of ordered.entries()) {
      if (look.flights === null) continue;
      if (previous !== null && !agrees(look.flights, previous)) {
        changes++;
        const shown = ordered.slice(index).find((later) => later.explore !== null && agrees(later.explore, look.flights!));
        if (shown) lagsHours.push((shown.at - look.at) / HOUR_MS);
      }
      previous = look.flights;
    }
  }
  return { changes, lagsHours };
}

export function spikeFigures(looks: SpikeLooks): SpikeFigures {
  const byArea = Map.groupBy(looks.explore, (look) => look.area);
  const lags = exploreLags(looks.trips);
  const exploreAndFlights = looks.trips.flatMap((look) =>
    look.explore !== null && look.flights !== null ? [[look.explore, look.flights] as [number, number]] : [],
  );
  const gridPairs = (looks.gridChecks ?? []).flatMap((check) => (check.flights !== null ? [[check.grid, check.flights] as [number, number]] : []));
  return {
    exploreAnswers: looks.explore.length,
    medianPlaces: looks.explore.length ? median(looks.explore.map((look) => look.places)) : null,
    medianRouteShare: looks.explore.length ? median(looks.explore.map((look) => look.pricedRoutes / Math.max(1, look.areaRoutes))) : null,
    routeShareByArea: [...byArea].map(([area, answers]) => ({
      area,
      answers: answers.length,
      medianPriced: median(answers.map((look) => look.pricedRoutes)),
      routes: answers[0]!.areaRoutes,
    })),
    exploreVsFlights: agreement(exploreAndFlights),
    changes: lags.changes,
    changesShown: lags.lagsHours.length,
    medianLagHours: lags.lagsHours.length ? median(lags.lagsHours) : null,
    maxLagHours: lags.lagsHours.length ? Math.max(...lags.lagsHours) : null,
    exactDates: looks.exactDates && {
      looks: looks.exactDates.length,
      listingEvery: looks.exactDates.filter((look) => look.listedRoutes === look.areaRoutes).length,
      listed: looks.exactDates.reduce((sum, look) => sum + look.listedRoutes, 0),
      routes: looks.exactDates.reduce((sum, look) => sum + look.areaRoutes, 0),
    },
    grid: looks.gridChecks && { ...agreement(gridPairs), cells: looks.gridCells ?? 0 },
  };
}
