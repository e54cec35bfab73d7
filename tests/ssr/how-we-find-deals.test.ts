/** The public deal rule as the server sends it: the detector's own thresholds in words, and the landing FAQ's way to it. */
import { describe, expect, test } from "bun:test";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import { renderPage } from "../support/html.ts";
import { createTestApp } from "../support/test-app.ts";

const percent = (share: number) => `${Math.round(share * 100)}%`;

describe("the public deal rule, server-rendered", () => {
  const t = createTestApp();

  test("is server-rendered at /how-we-find-deals with the detector's own thresholds", async () => {
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
      `it must still be there ${DEAL_RULES.dropHoldsHours} hours after we first saw it`,
      `${newEpisode.grid.holdsHours} hours for a new drop on dates that already had a deal; ${newEpisode.sweep.holdsHours} where searches are rationed`,
      `at least ${percent(newEpisode.grid.shareBelowRecent)} below the usual lowest fare`,
      `(${percent(newEpisode.sweep.shareBelowRecent)} where our searches are rationed by a monthly budget)`,
      `A route that stays up for ${DEAL_RULES.levelMovedAfterDays} days has moved`,
    ]) {
      expect(main!.text).toContain(text);
    }
  });

  test("the landing FAQ's 'What counts as a deal?' gives the minimum savings and links to it", async () => {
    const page = await renderPage(t, "/");
    const [answer] = (await page.select("section#faq details")).filter((details) => details.text.startsWith("What counts as a deal?"));
    expect(answer!.text).toContain(`saving at least $${DEAL_RULES.domestic.minSaved} ($${DEAL_RULES.international.minSaved} abroad)`);
    const links = await page.select('section#faq details a[href="/how-we-find-deals"]');
    expect(links.map((link) => link.text)).toEqual(["How we find deals"]);
  });
});
