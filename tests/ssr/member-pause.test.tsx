/** A member's own pause (decisions 133 and 138) on the dashboard's first paint, and the rules as the Terms state them. */
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { TermsDialog } from "../../src/client/pages/landing/legal-dialogs.tsx";
import { renderPage, select } from "../support/html.ts";
import { subscribe } from "../support/signup.ts";
import { createTestApp } from "../support/test-app.ts";
import { uniqueEmail } from "../support/users.ts";
import { endFreeTrial } from "../support/world/world.ts";

const t = createTestApp();
const texts = (elements: { text: string }[]) => elements.map((element) => element.text);

async function payingMember(plan: "monthly" | "annual" = "monthly") {
  const email = uniqueEmail("pauser");
  const { sessionCookie } = await subscribe(t, email, plan);
  endFreeTrial({ db: t.db, clock: t.clock }, email);
  return sessionCookie;
}

describe("pausing, server-rendered", () => {
  test("a paying monthly member sees Pause beside Billing on the subscription card; a member in their trial does not", async () => {
    const cookie = await payingMember();
    const page = await renderPage(t, "/dashboard", { cookie });
    expect(texts(await page.select('article[aria-label="Your subscription"] button'))).toEqual(["Pause", "Billing"]);
    expect(await page.select('[data-testid="pause-card"]')).toHaveLength(0);

    const { sessionCookie: trial } = await subscribe(t, uniqueEmail("trial"), "monthly");
    const trialPage = await renderPage(t, "/dashboard", { cookie: trial });
    expect(texts(await trialPage.select('article[aria-label="Your subscription"] button'))).toEqual(["Billing"]);
  });

  test("a paused member's dashboard: until when, Resume now, no Rejoin card, deals on hold and why", async () => {
    const cookie = await payingMember();
    expect((await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 2 } })).status).toBe(200);
    const page = await renderPage(t, "/dashboard", { cookie });
    expect(page.status).toBe(200);
    const [card] = await page.select('[data-testid="pause-card"]');
    expect(card!.text).toContain("Your membership is paused until January 22, 2027");
    expect(card!.text).toContain("No charges and no alerts until then.");
    expect(texts(await page.select('[data-testid="pause-card"] button'))).toEqual(["Resume now"]);
    expect(texts(await page.select('[data-testid="subscription-summary"]'))).toEqual(["Paused by you: no deals, alerts or charges until your pause ends."]);
    expect(texts(await page.select('[data-testid="pause-card"] [data-testid="pause-renewal"]'))).toEqual([
      "Your plan now renews on February 22, 2027: the time you paused was added on. Resuming now moves that back by the days you don't use.",
    ]);
    expect(await page.select('[data-testid="rejoin-card"]')).toHaveLength(0);
    expect(texts(await page.select('article[aria-label="Your subscription"] button'))).toEqual(["Billing"]);
    const [locked] = await page.select(".deals-locked");
    expect(locked!.text).toContain("You paused your membership, so flight deals are hidden and no alerts are sent until it resumes.");
  });

  test("an annual member: Pause on the card; the card names the renewal, and once paused the renewal the pause moved it to", async () => {
    const cookie = await payingMember("annual");
    const page = await renderPage(t, "/dashboard", { cookie });
    expect(texts(await page.select('article[aria-label="Your subscription"] button'))).toEqual(["Pause", "Billing"]);
    // Paid November 22, 2026 for a year.
    expect(texts(await page.select('[data-testid="subscription-summary"]'))).toEqual(["Active: renews on Nov 22, 2027."]);
    // The Pause dialog's own words (rendered only once opened) are the rule's, tested in tests/unit/member-pause.test.ts.
    expect((await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 3 } })).status).toBe(200);
    const paused = await renderPage(t, "/dashboard", { cookie });
    const [card] = await paused.select('[data-testid="pause-card"] [data-testid="pause-renewal"]');
    expect(card!.text).toContain("Your plan now renews on February 22, 2028");
  });

  test("the Terms state the pause's rules", async () => {
    const html = renderToString(<TermsDialog open onClose={() => {}} supportEmail="help@example.com" />);
    const [section] = await select(html, ".legal");
    expect(section!.text).toContain("Pausing your membership");
    expect(section!.text).toContain("for 1, 2 or 3 months, once in any 12 months");
    expect(section!.text).toContain("a member on a paid monthly or annual plan can pause");
    expect(section!.text).toContain("A free trial, a complimentary account, or a membership already set to end can't be paused.");
    expect(section!.text).toContain("your plan's next renewal moves later by the length of the pause (1, 2 or 3 calendar months)");
    expect(section!.text).toContain("You can resume sooner at any time; your renewal then moves back by the part of the pause you didn't use.");
    expect(section!.text).toContain("resumes by itself on the date chosen, and we email you the day before");
  });
});
