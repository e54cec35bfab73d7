/** The public deal rule as the server sends it: the detector's own thresholds in words, the rule drawn on a real deal, and the landing FAQ's way to it. */
import { describe, expect, test } from "bun:test";
import { comparedWith, DEAL_RULES, RULE_EXAMPLE_MIN_DAYS, tripKindOf } from "../../src/domain/deal-rules.ts";
import { renderPage } from "../support/html.ts";
import { createTestApp } from "../support/test-app.ts";
import { seedDealAt } from "../support/world/seed-deals-data.ts";
import { addDeals, addMember, ONLY_SEEDED_DEALS } from "../support/world/world.ts";

const percent = (share: number) => `${Math.round(share * 100)}%`;
const money = (amount: number) => `$${amount.toLocaleString("en-US")}`;

describe("the public deal rule, server-rendered", () => {
  const t = createTestApp();

  test("is server-rendered at /how-we-find-deals with the detector's own thresholds, in plain words", async () => {
    const page = await renderPage(t, "/how-we-find-deals");
    expect(page.status).toBe(200);
    expect(page.title).toBe("How we find deals · GoRDU");
    expect((await page.select("h1")).map((heading) => heading.text)).toEqual(["How we find deals"]);

    const [main] = await page.select("main");
    const { domestic, international, newEpisode } = DEAL_RULES;
    for (const text of [
      `at least ${percent(domestic.minShareBelow)} below the typical price`,
      `saves at least $${domestic.minSaved} (domestic)`,
      `We aim at savings of $${domestic.aimSaved} and $${international.aimSaved}`,
      `${Math.abs(DEAL_RULES.maxRobustZ)} times the route`,
      `A fare at least ${percent(DEAL_RULES.clearDropShareBelow)} below the typical price, on dates we have not alerted before, goes out as soon as we see it`,
      `we alert only if the fare is still low ${DEAL_RULES.dropHoldsHours} hours after we first saw it, at the same price give or take ${percent(DEAL_RULES.heldFareShare)}`,
      "its cheapest trip is no guide to what trips there usually cost, so it never lowers the typical price",
      `at least ${percent(newEpisode.grid.shareBelowRecent)} below what those dates usually cost over the last ${DEAL_RULES.recentPairDays} days`,
      `it must stay low for ${newEpisode.grid.holdsHours} hours`,
      `it must be ${percent(newEpisode.sweep.shareBelowRecent)} below and stay low for ${newEpisode.sweep.holdsHours} hours`,
      `A route that stays up for ${DEAL_RULES.levelMovedAfterDays} days has moved`,
      `what those exact dates cost on each of the last ${DEAL_RULES.ownDates.days} days, a new deal must be at least ${percent(DEAL_RULES.ownDates.shareBelow)} below their usual price there too`,
      "A holiday that moves a week from one year to the next, like Labor Day, is matched with itself a year before",
      "every shape of trip keeps its own price: leaving on a Friday and coming back on the Sunday is not priced as Friday to Monday",
    ]) {
      expect(main!.text).toContain(text);
    }
  });

  test("cites nothing a member cannot see: no repository report, and section 3 without the detector's jargon", async () => {
    const page = await renderPage(t, "/how-we-find-deals");
    const [main] = await page.select("main");
    for (const unreachable of ["repository", "deal quality report", "episode", "cached source", "rationed"]) expect(main!.text).not.toContain(unreachable);
    expect((await page.select("main h2")).map((heading) => heading.text)).toEqual([
      "The rule on a real trip",
      "1. What a trip usually costs",
      "2. When a fare is a deal",
      "3. One alert for each sale",
      "4. See it for yourself",
    ]);
  });

  test("before any deal has enough days of fares, the picture's place says so plainly", async () => {
    const empty = createTestApp();
    const page = await renderPage(empty, "/how-we-find-deals");
    expect(page.status).toBe(200);
    expect(await page.select('main svg[role="img"]')).toHaveLength(0);
    const [example] = await page.select("section.rule-example");
    expect(example!.text).toContain(`as soon as one has at least ${RULE_EXAMPLE_MIN_DAYS} days of fares behind it`);
  });

  test("draws the rule on a real deal from the database: the typical range, the daily fares and the fare alerted, described in words; an ended deal first", async () => {
    const world = createTestApp();
    const member = await addMember(world, { preferences: ONLY_SEEDED_DEALS });
    // Three deals with 90 days of fares each; the last one (London) has ended, so it is the one shown.
    addDeals(world, member.id, { count: 3, ended: 1 });
    const now = world.clock.now();
    const london = seedDealAt(2, 3, new Date(now.getFullYear(), now.getMonth(), now.getDate()));
    expect(london.destination).toBe("LHR");

    const page = await renderPage(world, "/how-we-find-deals");
    const [picture] = await page.select('section.rule-example svg[role="img"]');
    const description = picture!.attributes["aria-label"]!;
    const trips = comparedWith({
      tripKind: tripKindOf(london.departDate, london.returnDate),
      destinationCity: "London (Heathrow)",
      departDate: london.departDate,
    });
    expect(description).toStartWith(`RDU to London (Heathrow), ${trips}: the typical fare each day from `);
    expect(description).toContain(`around the typical range of ${money(london.typicalLow)} to ${money(london.typicalHigh)}`);
    expect(description).toContain(
      `a fare of ${money(london.price)}, ${london.percentBelowTypical}% below the typical ${money(london.typicalMedian)}, was the deal`,
    );
    expect((await page.select("section.rule-example svg title")).map((title) => title.text)).toEqual([description]);
    // The band, a dot for each day of fares (one every three days within the last 90: 30), and the deal's point.
    expect(await page.select("section.rule-example svg rect.rule-band")).toHaveLength(1);
    expect(await page.select("section.rule-example svg circle.rule-day")).toHaveLength(30);
    expect(await page.select("section.rule-example svg circle.rule-deal")).toHaveLength(1);

    const [words] = await page.select("section.rule-example figcaption");
    expect(words!.text).toContain(`The band is what ${trips} usually cost: ${money(london.typicalLow)} to ${money(london.typicalHigh)}.`);
    expect(words!.text).toContain("The dots are the typical fare each day for those trips");
    expect(words!.text).toContain(
      `a fare of ${money(london.price)} showed up, ${london.percentBelowTypical}% below the typical ${money(london.typicalMedian)}`,
    );
    expect(words!.text).toContain("The fare has since gone back up, and the deal has ended.");
  });

  test("the landing FAQ's 'What counts as a deal?' gives the minimum savings and links to it", async () => {
    const page = await renderPage(t, "/");
    const [answer] = (await page.select("section#faq details")).filter((details) => details.text.startsWith("What counts as a deal?"));
    expect(answer!.text).toContain(`saving at least $${DEAL_RULES.domestic.minSaved} ($${DEAL_RULES.international.minSaved} abroad)`);
    const links = await page.select('section#faq details a[href="/how-we-find-deals"]');
    expect(links.map((link) => link.text)).toEqual(["How we find deals"]);
  });
});
