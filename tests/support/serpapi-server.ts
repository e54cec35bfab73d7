/**
 * A local stand-in for SerpApi, enough for the real client (src/server/fares/sources/serpapi.ts): `/search.json` for
 * `engine=google_flights` and `engine=google_travel_explore`, answered from scripted fare functions in the shapes of
 * the real captures in tests/fixtures/serpapi*, and `/account`. It keeps an account as SerpApi documents one:
 *
 * - a search spends the plan's searches first, then extra credits; `total_searches_left` is both together;
 * - a repeat of exactly the same query within an hour is answered from the cache and is free, unless `no_cache=true`;
 * - a search that errs (an unknown engine) is free; one that finds nothing ("hasn't returned any results", status
 *   Success) is counted; with nothing left a search answers 429 "Your account has run out of searches." (cached
 *   answers are still served);
 * - the plan's searches come back at the start of each calendar month (UTC) of the server's clock.
 *
 * Every request to /search.json is recorded with its outcome, so a test can count what was spent. The clock is the
 * test's (`now`), so a month of scans runs in moments. It listens on loopback and never keeps the process alive.
 */
import { AIRPORT_CITIES } from "../../src/domain/airports.ts";

export interface FlightsQuestion {
  origin: string;
  destination: string;
  departDate: string;
  /** null for one way. */
  returnDate: string | null;
  /** The server's clock when asked. */
  at: Date;
}

/** The cheapest option the scripted market offers; null answers "no results". */
export interface ScriptedFlight {
  price: number;
  airline: string;
  /** e.g. "AA 1234"; the airline code is its prefix. */
  flightNumber: string;
  /** One flight, or two via CLT. */
  nonstop: boolean;
  durationMinutes: number;
  typicalRange?: [number, number];
  /** [unix seconds, price] pairs, as Google gives them. */
  priceHistory?: [number, number][];
}

export interface ExploreQuestion {
  origin: string;
  tripKind: "weekend" | "week" | "two-weeks";
  /** 1–12, or null for the next six months. */
  month: number | null;
  areaId: string | null;
  /** One airport (`arrival_id`), or null for an area. */
  arrivalId: string | null;
  /** Exact dates (`outbound_date`, `return_date`), or null for the flexible window. */
  dates: { departDate: string; returnDate: string } | null;
  nonstopOnly: boolean;
  at: Date;
}

export interface ScriptedExploreRow {
  destination: string;
  departDate: string;
  returnDate: string;
  price: number;
  airline: string;
  /** "multi" when several carriers. */
  airlineCode: string;
  stops: number;
  durationMinutes: number;
}

export interface SerpApiServerOptions {
  apiKey?: string;
  now?: () => Date;
  searchesPerMonth?: number;
  /** Defaults to searchesPerMonth. */
  planSearchesLeft?: number;
  extraCredits?: number;
  flights?: (question: FlightsQuestion) => ScriptedFlight | null;
  explore?: (question: ExploreQuestion) => ScriptedExploreRow[];
}

export type SearchOutcome = "charged" | "cached" | "free-error" | "refused" | "unauthorized";

export interface RecordedSearch {
  engine: string;
  params: Record<string, string>;
  at: Date;
  outcome: SearchOutcome;
}

export const SERPAPI_TEST_KEY = "serpapi-test-key";
const CACHE_MS = 3_600_000;
const INVALID_KEY = { error: "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key" };
const OUT_OF_SEARCHES = { error: "Your account has run out of searches." };
const TRAVEL_DURATION: Record<string, ExploreQuestion["tripKind"]> = { "1": "weekend", "2": "week", "3": "two-weeks" };

const monthOf = (date: Date) => `${date.getUTCFullYear()}-${date.getUTCMonth()}`;

export class SerpApiServer {
  readonly url: string;
  readonly searches: RecordedSearch[] = [];
  readonly searchesPerMonth: number;
  planSearchesLeft: number;
  extraCredits: number;
  flights: (question: FlightsQuestion) => ScriptedFlight | null;
  explore: (question: ExploreQuestion) => ScriptedExploreRow[];

  private readonly server: ReturnType<typeof Bun.serve>;
  private readonly apiKey: string;
  private readonly now: () => Date;
  private readonly cache = new Map<string, { at: number; body: object }>();
  private thisMonthUsage = 0;
  private month: string;
  private counter = 0;

  constructor(options: SerpApiServerOptions = {}) {
    this.apiKey = options.apiKey ?? SERPAPI_TEST_KEY;
    this.now = options.now ?? (() => new Date());
    this.searchesPerMonth = options.searchesPerMonth ?? 5000;
    this.planSearchesLeft = options.planSearchesLeft ?? this.searchesPerMonth;
    this.extraCredits = options.extraCredits ?? 0;
    this.flights = options.flights ?? (() => null);
    this.explore = options.explore ?? (() => []);
    this.month = monthOf(this.now());
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => this.answer(new URL(request.url)) });
    this.server.unref();
    this.url = `http://127.0.0.1:${this.server.port}`;
  }

  get totalSearchesLeft(): number {
    return this.planSearchesLeft + this.extraCredits;
  }

  /** Searches of an outcome ("charged" by default), optionally of one engine. */
  count(outcome: SearchOutcome = "charged", engine?: string): number {
    return this.searches.filter((search) => search.outcome === outcome && (!engine || search.engine === engine)).length;
  }

  /** Spends searches as another user of the same key would (the operator's own use, a second install). */
  spendElsewhere(searches: number): void {
    for (let i = 0; i < searches && this.totalSearchesLeft > 0; i++) this.charge();
  }

  stop(): void {
    this.server.stop(true);
  }

  private answer(url: URL): Response {
    this.startMonthIfNew();
    if (url.pathname === "/account") {
      if (url.searchParams.get("api_key") !== this.apiKey) return Response.json(INVALID_KEY, { status: 401 });
      return Response.json(this.accountAnswer());
    }
    if (url.pathname !== "/search.json") return Response.json({ error: "Unsupported path." }, { status: 404 });

    const params = Object.fromEntries(url.searchParams);
    const record = (outcome: SearchOutcome) => this.searches.push({ engine: params.engine ?? "", params, at: this.now(), outcome });
    if (params.api_key !== this.apiKey) {
      record("unauthorized");
      return Response.json(INVALID_KEY, { status: 401 });
    }
    const { api_key: _, no_cache: noCache, ...query } = params;
    const cacheKey = JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
    const cached = this.cache.get(cacheKey);
    if (noCache !== "true" && cached && this.now().getTime() - cached.at < CACHE_MS) {
      record("cached");
      return Response.json(cached.body);
    }
    if (this.totalSearchesLeft === 0) {
      record("refused");
      return Response.json(OUT_OF_SEARCHES, { status: 429 });
    }
    if (query.engine !== "google_flights" && query.engine !== "google_travel_explore") {
      record("free-error");
      return Response.json(
        { search_metadata: { ...this.metadata(), status: "Error" }, error: `Unsupported \`${query.engine}\` search engine.` },
        { status: 400 },
      );
    }
    const body = query.engine === "google_flights" ? this.flightsAnswer(query) : this.exploreAnswer(query);
    this.charge();
    record("charged");
    this.cache.set(cacheKey, { at: this.now().getTime(), body });
    return Response.json(body);
  }

  private startMonthIfNew(): void {
    const month = monthOf(this.now());
    if (month === this.month) return;
    this.month = month;
    this.planSearchesLeft = this.searchesPerMonth;
    this.thisMonthUsage = 0;
  }

  private charge(): void {
    if (this.planSearchesLeft > 0) this.planSearchesLeft--;
    else this.extraCredits--;
    this.thisMonthUsage++;
  }

  private accountAnswer() {
    return {
      account_id: "local-account",
      account_email: "operator@example.com",
      plan_id: "local",
      plan_name: "Local Plan",
      searches_per_month: this.searchesPerMonth,
      plan_searches_left: this.planSearchesLeft,
      extra_credits: this.extraCredits,
      total_searches_left: this.totalSearchesLeft,
      this_month_usage: this.thisMonthUsage,
      last_hour_searches: this.searches.filter((search) => search.outcome === "charged" && this.now().getTime() - search.at.getTime() < CACHE_MS).length,
      account_rate_limit_per_hour: 1000,
    };
  }

  private metadata() {
    const created = this.now().toISOString().replace("T", " ").slice(0, 19);
    return { id: `local${++this.counter}`, status: "Success", created_at: `${created} UTC`, processed_at: `${created} UTC`, total_time_taken: 0.01 };
  }

  private flightsAnswer(query: Record<string, string>): object {
    const question: FlightsQuestion = {
      origin: query.departure_id ?? "",
      destination: query.arrival_id ?? "",
      departDate: query.outbound_date ?? "",
      returnDate: query.return_date ?? null,
      at: this.now(),
    };
    const fare = this.flights(question);
    if (!fare)
      return {
        search_metadata: this.metadata(),
        search_parameters: { engine: "google_flights", ...query },
        error: "Google Flights hasn't returned any results for this query.",
      };
    const leg = (from: string, to: string, minutes: number) => ({
      departure_airport: { name: AIRPORT_CITIES[from] ?? from, id: from, time: `${question.departDate} 08:00` },
      arrival_airport: { name: AIRPORT_CITIES[to] ?? to, id: to, time: `${question.departDate} 12:00` },
      duration: minutes,
      airline: fare.airline,
      travel_class: "Economy",
      flight_number: fare.flightNumber,
    });
    const flights = fare.nonstop
      ? [leg(question.origin, question.destination, fare.durationMinutes)]
      : [leg(question.origin, "CLT", 60), leg("CLT", question.destination, fare.durationMinutes - 120)];
    return {
      search_metadata: this.metadata(),
      search_parameters: { engine: "google_flights", ...query },
      best_flights: [
        {
          flights,
          layovers: fare.nonstop ? [] : [{ duration: 60, name: "Charlotte Douglas International Airport", id: "CLT" }],
          total_duration: fare.durationMinutes,
          price: fare.price,
          type: question.returnDate ? "Round trip" : "One way",
          departure_token: "local-token",
        },
      ],
      ...(fare.typicalRange
        ? {
            price_insights: {
              lowest_price: fare.price,
              typical_price_range: fare.typicalRange,
              ...(fare.priceHistory ? { price_history: fare.priceHistory } : {}),
            },
          }
        : {}),
    };
  }

  private exploreAnswer(query: Record<string, string>): object {
    const month = Number(query.month ?? "0");
    const question: ExploreQuestion = {
      origin: query.departure_id ?? "",
      tripKind: TRAVEL_DURATION[query.travel_duration ?? "2"] ?? "week",
      month: month === 0 ? null : month,
      areaId: query.arrival_area_id ?? null,
      arrivalId: query.arrival_id ?? null,
      dates: query.outbound_date ? { departDate: query.outbound_date, returnDate: query.return_date ?? "" } : null,
      nonstopOnly: query.stops === "1",
      at: this.now(),
    };
    return {
      search_metadata: this.metadata(),
      search_parameters: { engine: "google_travel_explore", ...query },
      destinations: this.explore(question).map((row) => ({
        name: AIRPORT_CITIES[row.destination] ?? row.destination,
        destination_airport: { code: row.destination },
        start_date: row.departDate,
        end_date: row.returnDate,
        flight_price: row.price,
        flight_duration: row.durationMinutes,
        number_of_stops: row.stops,
        airline: row.airline,
        airline_code: row.airlineCode,
      })),
    };
  }
}
