/**
 * The subscribe page and a subscriber's dashboard as the server sends them, for subscribers made through the test
 * billing signup (details, emailed code, confirm the card, complete), as the browser's card form makes them.
 */
import { describe, expect, test } from "bun:test";
import { renderPage } from "../support/html.ts";
import { checkTestCard } from "../../src/server/billing/test-cards.ts";
import { anotherCard, subscribe } from "../support/signup.ts";
import { createTestApp } from "../support/test-app.ts";
import { uniqueEmail } from "../support/users.ts";
import { endFreeTrial } from "../support/world/world.ts";

const texts = (elements: { text: string }[]) => elements.map((element) => element.text);

describe("subscribing, server-rendered", () => {
  const t = createTestApp();
  // The dashboard counts a trial's days left against the real date, so the signups here happen today.
  t.clock.set(new Date());

  /**
   * A subscriber who signed up in test billing, their session, and their card as the page names it ("VISA •••• 4242");
   * `paid`: their free trial over; `cancelled` as the dashboard's Cancel does it (a trial runs to its end, a paid year
   * ends at once: decision 106). Each brings a card of their own: a trial is given once per card.
   */
  async function subscriber(plan: "monthly" | "annual", { cancelled = false, paid = false } = {}) {
    const card = anotherCard();
    const email = uniqueEmail(plan);
    const { sessionCookie } = await subscribe(t, email, plan, card);
    if (paid) endFreeTrial({ db: t.db, clock: t.clock }, email);
    if (cancelled) expect((await t.request("POST", "/api/cancel-subscription", { cookie: sessionCookie })).status).toBe(200);
    const checked = checkTestCard(card, t.clock.now());
    if (!checked.ok) throw new Error(checked.message);
    return { sessionCookie, cardName: `${checked.card.brand.toUpperCase()} •••• ${checked.card.last4}` };
  }

  test("/subscribe names the chosen plan (monthly unless ?plan=annual) and asks for the details, with the Terms in the consent line", async () => {
    for (const [path, heading] of [
      ["/subscribe", "Monthly plan · $10/month"],
      ["/subscribe?plan=monthly", "Monthly plan · $10/month"],
      ["/subscribe?plan=annual", "Annual plan · $72/year"],
    ] as const) {
      const page = await renderPage(t, path);
      expect(page.status).toBe(200);
      expect(texts(await page.select("h1"))[0]).toStartWith(heading);
    }
    const page = await renderPage(t, "/subscribe?plan=annual");
    expect(texts(await page.select("form label"))).toEqual(["First Name", "Last Name", "Email"]);
    expect(texts(await page.select('form button[type="submit"]'))).toEqual(["Continue"]);
    expect(page.text).toContain("By continuing you confirm you are 18 or older and accept our Terms of Service");
  });

  for (const plan of ["monthly", "annual"] as const) {
    test(`right after signing up for the ${plan} plan the dashboard says 'Welcome', asks for a password, and shows the 7-day trial, the plan and the card`, async () => {
      const { sessionCookie, cardName } = await subscriber(plan);
      const page = await renderPage(t, "/dashboard", { cookie: sessionCookie });
      expect(page.status).toBe(200);
      expect(texts(await page.select("h1"))).toEqual(["Welcome, Jordan"]);
      const [setup] = await page.select('[role="region"][aria-labelledby="password-setup-title"]');
      expect(setup!.text).toContain("You're signed in on this device. Set a password so you can sign in on your other devices too.");
      const [card] = await page.select('article[aria-label="Your subscription"]');
      expect(card!.text).toContain(plan === "monthly" ? "Monthly plan · $10/month" : "Annual plan · $72/year");
      expect(card!.text).toContain(`Card: ${cardName}`);
      expect(texts(await page.select('[data-testid="subscription-summary"]'))[0]).toStartWith("Free trial: 7 days left");
    });
  }

  test("an annual member who cancelled has no deals: the Rejoin card (no free trial, annual chosen, the saved card) and Email Alerts off-limits", async () => {
    const { sessionCookie, cardName } = await subscriber("annual", { cancelled: true, paid: true });
    const page = await renderPage(t, "/dashboard", { cookie: sessionCookie });
    expect(texts(await page.select('[data-testid="subscription-summary"]'))).toEqual(["Your subscription has ended. You can rejoin whenever you like."]);
    const [card] = await page.select('[data-testid="rejoin-card"]');
    expect(card!.text).toContain("Rejoin GoRDU");
    expect(card!.text).toContain("No free trial this time");
    // Two choices, each checked as the card opens: the plan (Monthly, Annual), then the card (the saved one, a new one).
    expect(texts(await page.select('[data-testid="rejoin-card"] label'))).toEqual([
      "Monthly · $10/month",
      expect.stringMatching(/^Annual · \$72\/year/),
      `${cardName} (on file)`,
      "A new card",
    ]);
    const radios = await page.select('[data-testid="rejoin-card"] input[type="radio"]');
    expect(radios.map((radio) => radio.attributes.checked !== undefined)).toEqual([false, true, true, false]);
    expect(texts(await page.select('[data-testid="rejoin-card"] button'))).toEqual(["Rejoin and pay $72 today"]);
    const [alertsSwitch] = await page.select('input[role="switch"]');
    expect(alertsSwitch!.attributes.disabled).toBeDefined();
    expect(page.text).toContain("No alerts are sent while your membership has ended.");
    expect(page.text).not.toContain("My Flight Deals");
  });

  test("/subscribe for a signed-in member whose cancelled month still runs: 'Welcome back', and a Rejoin card that keeps the plan and charges nothing today", async () => {
    const page = await renderPage(t, "/subscribe?plan=annual", { cookie: (await subscriber("monthly", { cancelled: true })).sessionCookie });
    expect(texts(await page.select("h1"))).toEqual(["Welcome back, Jordan"]);
    const [card] = await page.select('[data-testid="rejoin-card"]');
    expect(card!.text).toContain("Your monthly plan is cancelled; you have access until");
    expect(card!.text).toContain("Nothing is charged today.");
    expect(texts(await page.select('[data-testid="rejoin-card"] button'))).toEqual(["Rejoin: keep my monthly plan"]);
    expect(await page.select("form")).toHaveLength(0);
  });

  test("/subscribe?plan=monthly for a former annual member whose plan ended: the Rejoin card with monthly chosen", async () => {
    const page = await renderPage(t, "/subscribe?plan=monthly", { cookie: (await subscriber("annual", { cancelled: true, paid: true })).sessionCookie });
    const radios = await page.select('[data-testid="rejoin-card"] input[type="radio"]');
    expect(radios.slice(0, 2).map((radio) => [radio.attributes.value, radio.attributes.checked !== undefined])).toEqual([
      ["monthly", true],
      ["annual", false],
    ]);
    expect(texts(await page.select('[data-testid="rejoin-card"] button'))).toEqual(["Rejoin and pay $10 today"]);
  });
});
