/**
 * A discovery sweep looks at the dates of a drop that can have held (docs/decisions/085): first seen 3 to 4½ hours
 * ago, or 6 to 7½ (a new episode, decision 094), and not shown by this sweep's discovery. Still a drop, it alerts now,
 * instead of waiting until Travel Explore happens to show those dates again; a drop seen less than 3 hours ago is not
 * looked at yet. And the next sweep after a drop is first seen searches the trips of its kind and month that Explore
 * could not show behind it (decision 086).
 */
import { afterAll, expect, test } from "bun:test";
import { dropSightings } from "../../db/schema.ts";
import { dealKey } from "../../src/server/fares/judge/detect.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSerpApiFareSource } from "../../src/server/fares/sources/serpapi.ts";
import { SERPAPI_TEST_KEY, SerpApiServer, type FlightsQuestion } from "../support/serpapi-server.ts";
import { createTestApp } from "../support/test-app.ts";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-12-01T15:00:00Z");

/** Google's answer for any dates: $150 against a typical $280–360 (a deal by Google's own range). */
const flights = (question: FlightsQuestion) => ({
  price: 150,
  airline: "American",
  flightNumber: "AA 1",
  nonstop: true,
  durationMinutes: 200,
  typicalRange: [280, 360] as [number, number],
  priceHistory: Array.from({ length: 60 }, (_, i): [number, number] => [Math.floor(question.at.getTime() / 1000) - (60 - i) * 86_400, 320]),
});

const servers: SerpApiServer[] = [];
afterAll(() => {
  for (const server of servers) server.stop();
});

function installAt(now: number) {
  const t = createTestApp();
  t.clock.set(new Date(now));
  const serpapi = new SerpApiServer({ now: () => t.clock.now(), searchesPerMonth: 5000, explore: () => [], flights });
  servers.push(serpapi);
  const fares = createSerpApiFareSource({ apiKey: SERPAPI_TEST_KEY, schedule: "0 * * * *", baseUrl: serpapi.url, monthlyBudget: 5000 });
  return { t, serpapi, fares };
}

function sighting(t: ReturnType<typeof createTestApp>, destination: string, hoursAgo: number, departDate = "2027-02-05", returnDate = "2027-02-07") {
  t.db
    .insert(dropSightings)
    .values({
      dedupeKey: dealKey({ origin: "RDU", destination, tripType: "round_trip", cabin: "economy", departDate, returnDate }),
      destination,
      departDate,
      returnDate,
      cabin: "economy",
      seenAt: new Date(NOW - hoursAgo * HOUR),
    })
    .run();
}

test("a drop first seen 3 hours ago is looked at by its dates and alerts; one seen 2 hours ago waits", async () => {
  const { t, serpapi, fares } = installAt(NOW);
  sighting(t, "LAS", 3);
  sighting(t, "BOS", 2);
  const summary = await runScan({ ...t.deps, fares }, { log: () => {} });

  expect(summary.status).toBe("succeeded");
  expect(summary.discovery.heldDropLooks).toBe(1);
  const searched = serpapi.searches.filter((s) => s.engine === "google_flights").map((s) => s.params.arrival_id);
  expect(searched).toContain("LAS");
  expect(searched).not.toContain("BOS");

  const deals = t.db.$client.query("SELECT destination, price, is_active FROM deals").all();
  expect(deals).toEqual([{ destination: "LAS", price: 150, is_active: 1 }]);
  // The held drop is done with; the younger one still waits for its look.
  expect(t.db.$client.query("SELECT destination FROM drop_sightings").all()).toEqual([{ destination: "BOS" }]);
});

test("a drop still waiting 6 hours after it was first seen (a new episode holds 6 hours in a sweep) is looked at; one of 5 hours is not", async () => {
  const { t, serpapi, fares } = installAt(NOW);
  sighting(t, "LAS", 6.5);
  sighting(t, "BOS", 5);
  const summary = await runScan({ ...t.deps, fares }, { log: () => {} });

  expect(summary.discovery.heldDropLooks).toBe(1);
  const searched = serpapi.searches.filter((s) => s.engine === "google_flights").map((s) => s.params.arrival_id);
  expect(searched).toContain("LAS");
  expect(searched).not.toContain("BOS");
});

test("a backlog of held drops takes at most half the hour's share: discovery still runs and the share is never exceeded", async () => {
  const { t, serpapi, fares } = installAt(NOW);
  const routes = ["LAS", "BOS", "MIA", "ORD", "DEN", "SEA", "LAX", "SFO", "ATL", "DFW", "PHX", "MCO"];
  for (const destination of routes) sighting(t, destination, 3.5);
  const share = (await fares.allowance!(t.clock.now())).share;

  const summary = await runScan({ ...t.deps, fares }, { log: () => {} });

  expect(summary.discovery.discoverySearches).toBeGreaterThanOrEqual(2);
  expect(summary.discovery.heldDropLooks).toBeGreaterThanOrEqual(1);
  expect(serpapi.count("charged")).toBeLessThanOrEqual(share);
  expect(summary.discovery.heldDropLooks).toBeLessThan(routes.length);
});

const flightsSearches = (serpapi: SerpApiServer) =>
  serpapi.searches.filter((s) => s.engine === "google_flights").map((s) => `${s.params.arrival_id} ${s.params.outbound_date}→${s.params.return_date}`);

test("the sweep after a drop is first seen searches the other trips of its kind in its month, once, and they alert or hold like any drop", async () => {
  // Grid trips from 1 December 2026 in February 2027: weekends 12–14 and 26–28, a week 20–27.
  const { t, serpapi, fares } = installAt(NOW);
  sighting(t, "LAS", 1);
  const summary = await runScan({ ...t.deps, fares }, { log: () => {} });

  expect(summary.discovery.neighbourLooks).toBe(2);
  expect(flightsSearches(serpapi).sort()).toEqual(["LAS 2027-02-12→2027-02-14", "LAS 2027-02-26→2027-02-28"]);
  // On sale too ($150 against Google's typical $280–360): far below typical on dates never alerted, each alerts at once
  // (decision 140); the first drop's dates, not searched, still wait to hold.
  expect(t.db.$client.query("SELECT depart_date FROM drop_sightings ORDER BY depart_date").values()).toEqual([["2027-02-05"]]);
  expect(t.db.$client.query("SELECT depart_date FROM deals ORDER BY depart_date").values()).toEqual([["2027-02-12"], ["2027-02-26"]]);

  // An hour on, the neighbours are known drops: none is searched again, and the first drop's dates are not its own neighbour.
  t.clock.set(new Date(NOW + HOUR));
  const next = await runScan({ ...t.deps, fares }, { log: () => {} });
  expect(next.discovery.neighbourLooks).toBe(0);
});

test("a drop seen in an earlier sweep than the last has no neighbour looks", async () => {
  const { t, serpapi, fares } = installAt(NOW);
  sighting(t, "LAS", 2);
  const summary = await runScan({ ...t.deps, fares }, { log: () => {} });
  expect(summary.discovery.neighbourLooks).toBe(0);
  expect(flightsSearches(serpapi)).toEqual([]);
});
