/**
 * A local stand-in for SearchApi.io, enough for the real client (src/server/fares/sources/searchapi.ts): `GET /api/v1/search`
 * for `engine=google_flights`, `google_travel_explore` and `google_flights_calendar`, answered from scripted fare
 * functions in the shapes of the real captures in tests/fixtures/searchapi, and `GET /api/v1/me`. It keeps an
 * account as SearchApi documents one (../shared/provider-payloads/searchapi/README.md):
 *
 * - the key comes as `Authorization: Bearer <key>` or `api_key=`; without the right one, 401 `{"error": "Invalid API key."}`;
 * - only an HTTP 200 answer is charged (one credit, whatever the engine), including Google's "didn't return any
 *   results" (a 200 with an error); an unknown engine is a free 400;
 * - with no credits left, 429 "You have used all of the searches for the month…"; with 20 % of the plan's credits
 *   spent in the last hour, 429 as well (the hourly cap of SearchApi's pricing page);
 * - the plan's credits come back at the start of each calendar month (UTC) of the server's clock.
 *
 * A test can make the next answers fail (`failWith`: a status and body, or "hang" for a timeout). Every request to
 * /api/v1/search is recorded with its outcome. It listens on loopback and never keeps the process alive.
 */
import { AIRPORT_CITIES } from "../../src/domain/airports.ts";
import type { FlightsQuestion, ScriptedExploreRow, ScriptedFlight } from "./serpapi-server.ts";

export interface SearchApiExploreQuestion {
  origin: string;
  /** `[[north, west], [south, east]]`, or null for the default (the whole Earth). */
  box: [[number, number], [number, number]] | null;
  /** A named window, a date, or `YYYY-MM-DD..YYYY-MM-DD`. */
  timePeriod: string;
  nonstopOnly: boolean;
  at: Date;
}

export interface CalendarQuestion {
  origin: string;
  destination: string;
  departFrom: string;
  departTo: string;
  returnFrom: string;
  returnTo: string;
  at: Date;
}

export interface SearchApiServerOptions {
  apiKey?: string;
  now?: () => Date;
  /** The plan's credits a month; 0 for a trial key (one-off credits). */
  monthlyAllowance?: number;
  /** Defaults to monthlyAllowance. */
  remainingCredits?: number;
  flights?: (question: FlightsQuestion) => ScriptedFlight | null;
  explore?: (question: SearchApiExploreQuestion) => ScriptedExploreRow[];
  /** The price of one cell of a grid; null for a cell with no flights. Defaults to flights(). */
  calendarCell?: (question: FlightsQuestion) => number | null;
}

export type SearchApiOutcome = "charged" | "free-error" | "refused" | "unauthorized" | "failed";

export interface RecordedSearchApiSearch {
  engine: string;
  params: Record<string, string>;
  at: Date;
  outcome: SearchApiOutcome;
}

export const SEARCHAPI_TEST_KEY = "searchapi-test-key";
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const INVALID_KEY = { error: "Invalid API key." };
const OUT_OF_SEARCHES = { error: "You have used all of the searches for the month. Please upgrade your plan on SearchApi.io." };
const HOURLY_CAP = { error: "You have exceeded the hourly rate limit of your plan. Please try again later." };

const monthOf = (date: Date) => `${date.getUTCFullYear()}-${date.getUTCMonth()}`;
const dayAfter = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

export class SearchApiServer {
  readonly url: string;
  readonly searches: RecordedSearchApiSearch[] = [];
  readonly monthlyAllowance: number;
  remainingCredits: number;
  flights: (question: FlightsQuestion) => ScriptedFlight | null;
  explore: (question: SearchApiExploreQuestion) => ScriptedExploreRow[];
  calendarCell: (question: FlightsQuestion) => number | null;
  /** The next `count` searches fail so, charging nothing. */
  failWith: { status: number; body: string; count: number } | { hang: true; count: number } | null = null;
  /** Requests to /api/v1/me. */
  accountChecks = 0;

  private readonly server: ReturnType<typeof Bun.serve>;
  private readonly apiKey: string;
  private readonly now: () => Date;
  private currentMonthUsage = 0;
  private month: string;
  private counter = 0;

  constructor(options: SearchApiServerOptions = {}) {
    this.apiKey = options.apiKey ?? SEARCHAPI_TEST_KEY;
    this.now = options.now ?? (() => new Date());
    this.monthlyAllowance = options.monthlyAllowance ?? 10_000;
    this.remainingCredits = options.remainingCredits ?? this.monthlyAllowance;
    this.flights = options.flights ?? (() => null);
    this.explore = options.explore ?? (() => []);
    this.calendarCell = options.calendarCell ?? ((question) => this.flights(question)?.price ?? null);
    this.month = monthOf(this.now());
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => this.answer(request) });
    this.server.unref();
    this.url = `http://127.0.0.1:${this.server.port}`;
  }

  /** Searches of an outcome ("charged" by default), optionally of one engine. */
  count(outcome: SearchApiOutcome = "charged", engine?: string): number {
    return this.searches.filter((search) => search.outcome === outcome && (!engine || search.engine === engine)).length;
  }

  stop(): void {
    this.server.stop(true);
  }

  private async answer(request: Request): Promise<Response> {
    this.startMonthIfNew();
    const url = new URL(request.url);
    const params = Object.fromEntries(url.searchParams);
    const bearer = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "");
    const authorised = (bearer ?? params.api_key) === this.apiKey;
    if (url.pathname === "/api/v1/me") {
      this.accountChecks++;
      return authorised ? Response.json(this.accountAnswer()) : Response.json(INVALID_KEY, { status: 401 });
    }
    if (url.pathname !== "/api/v1/search") return Response.json({ error: "Not found." }, { status: 404 });

    const { api_key: _, ...query } = params;
    const record = (outcome: SearchApiOutcome) => this.searches.push({ engine: query.engine ?? "", params: query, at: this.now(), outcome });
    if (!authorised) {
      record("unauthorized");
      return Response.json(INVALID_KEY, { status: 401 });
    }
    if (this.failWith && this.failWith.count > 0) {
      const failure = this.failWith;
      failure.count--;
      record("failed");
      if ("hang" in failure) return new Promise<Response>(() => {});
      return new Response(failure.body, { status: failure.status, headers: { "content-type": "application/json" } });
    }
    if (this.remainingCredits === 0) {
      record("refused");
      return Response.json(OUT_OF_SEARCHES, { status: 429 });
    }
    if (this.monthlyAllowance > 0 && this.chargedInLastHour() >= this.monthlyAllowance * 0.2) {
      record("refused");
      return Response.json(HOURLY_CAP, { status: 429 });
    }
    const engines: Record<string, (query: Record<string, string>) => object | null> = {
      google_flights: (q) => this.flightsAnswer(q),
      google_travel_explore: (q) => this.exploreAnswer(q),
      google_flights_calendar: (q) => this.calendarAnswer(q),
    };
    const engine = engines[query.engine ?? ""];
    if (!engine) {
      record("free-error");
      return Response.json({ error: `Unsupported engine: ${query.engine}.` }, { status: 400 });
    }
    const body = engine(query);
    if (!body) {
      record("free-error");
      return Response.json({ error: "The number of outbound and return date combinations must not exceed 200." }, { status: 400 });
    }
    this.remainingCredits--;
    this.currentMonthUsage++;
    record("charged");
    return Response.json(body);
  }

  private chargedInLastHour(): number {
    return this.searches.filter((search) => search.outcome === "charged" && this.now().getTime() - search.at.getTime() < HOUR_MS).length;
  }

  private startMonthIfNew(): void {
    const month = monthOf(this.now());
    if (month === this.month) return;
    this.month = month;
    if (this.monthlyAllowance > 0) this.remainingCredits = this.monthlyAllowance;
    this.currentMonthUsage = 0;
  }

  private accountAnswer() {
    const at = this.now();
    const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
    return {
      account: { current_month_usage: this.currentMonthUsage, monthly_allowance: this.monthlyAllowance, remaining_credits: this.remainingCredits },
      api_usage: { searches_this_hour: this.chargedInLastHour(), hourly_rate_limit: Math.floor(this.monthlyAllowance * 0.2) },
      ...(this.monthlyAllowance > 0
        ? { subscription: { period_start: start.toISOString().replace(".000", ""), period_end: end.toISOString().replace(".000", "") } }
        : {}),
    };
  }

  private metadata() {
    const id = `search_local${++this.counter}`;
    return {
      id,
      status: "Success",
      created_at: this.now()
        .toISOString()
        .replace(/\.\d+Z$/, "Z"),
      request_time_taken: 0.01,
      parsing_time_taken: 0.01,
      total_time_taken: 0.02,
      request_url: null,
      html_url: `https://www.searchapi.io/api/v1/searches/${id}.html`,
      json_url: `https://www.searchapi.io/api/v1/searches/${id}`,
    };
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
    if (!fare) return { search_metadata: this.metadata(), search_parameters: query, error: "Google Flights didn't return any results." };
    const leg = (from: string, to: string, minutes: number) => ({
      departure_airport: { name: AIRPORT_CITIES[from] ?? from, id: from, date: question.departDate, time: "08:00" },
      arrival_airport: { name: AIRPORT_CITIES[to] ?? to, id: to, date: question.departDate, time: "12:00" },
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
      search_parameters: query,
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
              price_level: "typical",
              typical_price_range: { low_price: fare.typicalRange[0], high_price: fare.typicalRange[1] },
            },
          }
        : {}),
    };
  }

  private exploreAnswer(query: Record<string, string>): object {
    const question: SearchApiExploreQuestion = {
      origin: query.departure_id ?? "",
      box: query.arrival_id?.startsWith("[") ? (JSON.parse(query.arrival_id) as SearchApiExploreQuestion["box"]) : null,
      timePeriod: query.time_period ?? "one_week_trip_in_the_next_six_months",
      nonstopOnly: query.stops === "nonstop",
      at: this.now(),
    };
    return {
      search_metadata: this.metadata(),
      search_parameters: { engine: "google_travel_explore", arrival_id: "/m/02j71", time_period: question.timePeriod, ...query },
      destinations: this.explore(question).map((row) => ({
        name: AIRPORT_CITIES[row.destination] ?? row.destination,
        kgmid: `/m/local${row.destination.toLowerCase()}`,
        outbound_date: row.departDate,
        return_date: row.returnDate,
        flight: {
          airport_code: row.destination,
          price: row.price,
          stops: row.stops,
          flight_duration: `${Math.floor(row.durationMinutes / 60)}hr ${row.durationMinutes % 60}min`,
          flight_duration_minutes: row.durationMinutes,
          airline_code: row.airlineCode,
          airline_name: row.airline,
        },
      })),
    };
  }

  /** null when the grid asks for more than 200 cells (refused, free). */
  private calendarAnswer(query: Record<string, string>): object | null {
    const departFrom = query.outbound_date_start ?? query.outbound_date ?? "";
    const departTo = query.outbound_date_end ?? dayAfter(departFrom, 7);
    const returnFrom = query.return_date_start ?? query.return_date ?? "";
    const returnTo = query.return_date_end ?? dayAfter(returnFrom, 7);
    const calendar: object[] = [];
    for (let depart = departFrom; depart <= departTo; depart = dayAfter(depart, 1)) {
      for (let back = returnFrom; back <= returnTo; back = dayAfter(back, 1)) {
        if (back < depart) continue;
        const price = this.calendarCell({
          origin: query.departure_id ?? "",
          destination: query.arrival_id ?? "",
          departDate: depart,
          returnDate: back,
          at: this.now(),
        });
        calendar.push(price === null ? { departure: depart, return: back, price: 0, has_no_flights: true } : { departure: depart, return: back, price });
      }
    }
    if (calendar.length > 200) return null;
    const prices = calendar.map((cell) => (cell as { price: number }).price).filter((price) => price > 0);
    const lowest = Math.min(...prices);
    return {
      search_metadata: this.metadata(),
      search_parameters: query,
      calendar: calendar.map((cell) => ((cell as { price: number }).price === lowest ? { ...cell, is_lowest_price: true } : cell)),
    };
  }
}
