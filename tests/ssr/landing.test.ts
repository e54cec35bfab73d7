/** The landing page as the server sends it: what a visitor and a search engine read before any script runs. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { DESTINATION_COUNTS } from "../../src/domain/destinations.ts";
import { listPublicFiles, loadPrebuiltAssets, PUBLIC_DIR } from "../../src/server/ssr/assets.ts";
import { renderPage, sessionCookie } from "../support/html.ts";
import { createTestApp } from "../support/test-app.ts";
import { addMember } from "../support/world/world.ts";

const texts = (elements: { text: string }[]) => elements.map((element) => element.text);

describe("the landing page, server-rendered", () => {
  const t = createTestApp({ SUPPORT_EMAIL: "support@gordu.test" });

  test("every section shows its key texts, with the page title and social tags", async () => {
    const page = await renderPage(t, "/");
    expect(page.status).toBe(200);
    expect(page.title).toBe("GoRDU · Flight deals from Raleigh-Durham (RDU)");
    expect(await page.meta("description")).toContain("Raleigh-Durham");
    expect(await page.meta("og:title")).toBe("GoRDU · Flight deals from Raleigh-Durham (RDU)");
    expect(await page.meta("og:type")).toBe("website");
    expect(await page.meta("og:image")).toEndWith("og-image.png");

    expect(texts(await page.select("h1"))).toEqual(["Never Miss a Deal from RDU"]);
    const [hero] = await page.select("section.hero");
    expect(hero!.text).toContain("Raleigh. Set. Go.");
    expect(hero!.text).toContain("Take off with 7 days free-join today!");
    expect(texts(await page.select('section.hero [role="button"]'))).toEqual(["Get Started", "See How It Works"]);

    const [steps] = await page.select("section#how-it-works");
    expect(texts(await page.select("section#how-it-works h2"))).toEqual(["How It Works"]);
    expect(texts(await page.select("section#how-it-works h3"))).toEqual(["1. Subscribe", "2. Get Deals", "3. Book and Save"]);
    const { total, domestic, international } = DESTINATION_COUNTS;
    for (const text of [
      "7-day free trial",
      `${total} nonstop destinations (${domestic} domestic and ${international} international)`,
      "log in on your own time",
      "Book directly with the airline",
    ]) {
      expect(steps!.text).toContain(text);
    }

    const [monthly] = await page.select('section#pricing article[data-plan="monthly"]');
    const [annual] = await page.select('section#pricing article[data-plan="annual"]');
    expect(monthly!.text).toContain("$10/month");
    expect(monthly!.text).toContain("Multiple destinations");
    expect(monthly!.text).not.toContain("Best Value");
    for (const text of ["$72/year", "$6/month", "Best Value", `${total} Nonstop destinations`, "Lock in current price"]) expect(annual!.text).toContain(text);
    for (const plan of [monthly!, annual!]) {
      for (const text of ["7-day free trial", "Instant flight alerts", "Cancel anytime"]) expect(plan.text).toContain(text);
    }

    const testimonials = await page.select("section#testimonials figure");
    expect(testimonials).toHaveLength(3);
    expect(await page.select('section#testimonials figure [role="img"][aria-label="5 out of 5 stars"]')).toHaveLength(3);
    for (const caption of await page.select("section#testimonials figcaption")) expect(caption.text).toMatch(/Raleigh|Durham|Cary|Chapel Hill/);
    expect(testimonials[0]!.text).toContain("$340");
    expect(testimonials[1]!.text).toContain("$1,200");
    expect(testimonials[2]!.text).toContain("$280 flight");

    expect(texts(await page.select("section#faq h3"))).toEqual(["Core FAQs", "Subscription and Access FAQs", "Travel-Specific FAQs"]);
    const [faq] = await page.select("section#faq");
    expect(faq!.text).toContain(`${total} nonstop destinations: ${domestic} domestic and ${international} international`);
  });

  test("the social preview image it names is one of the public files the server serves", async () => {
    const page = await renderPage(t, "/");
    const image = new URL((await page.meta("og:image"))!);
    expect(listPublicFiles()).toContain(image.pathname.slice(1));

    // The public folder loaded as the executable loads it, with a stand-in for the client bundle this does not need.
    const publicFiles = Object.fromEntries(listPublicFiles().map((name) => [name, join(PUBLIC_DIR, name)]));
    const assets = await loadPrebuiltAssets({ "entry-test.js": join(PUBLIC_DIR, "sw.js") }, publicFiles);
    const served = await createTestApp({}, { assets }).request("GET", image.pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  test("the header, its phone menu, the hero and the footer link to the three sections and to the login page", async () => {
    const page = await renderPage(t, "/");
    const links = async (selector: string) => (await page.select(selector)).map((link) => [link.text, link.attributes.href]);
    const sections = [
      ["How It Works", "#how-it-works"],
      ["Pricing", "#pricing"],
      ["FAQ", "#faq"],
    ];
    expect(await links('nav[aria-label="Main"] .nav-desktop a')).toEqual([...sections, ["Login", "/login"]]);
    expect(await links("#mobile-menu a")).toEqual([...sections, ["Login", "/login"]]);
    expect(await links("section.hero a")).toEqual([
      ["Get Started", "#pricing"],
      ["See How It Works", "#how-it-works"],
    ]);
    expect(await links('footer nav[aria-label="Footer"] a')).toEqual([...sections, ["Account", "/login"]]);
    for (const [, href] of sections) expect(await page.select(`section${href}`)).toHaveLength(1);
  });

  test("the FAQ answers say what the spec promises", async () => {
    const [faq] = await (await renderPage(t, "/")).select("section#faq");
    const answers = faq!.text.toLowerCase();
    for (const text of [
      "generally roundtrip",
      "airline button",
      "flight deal details",
      "web only",
      "24/7",
      "cancel anytime from your account dashboard",
      "cancelling an annual plan ends access immediately",
      "7-day free trial",
      "18 or older",
      "turned on or off",
      "us dollars (usd)",
      "partial billing periods",
    ]) {
      expect(answers).toContain(text);
    }
  });

  test("each plan's button leads to the subscribe page for that plan", async () => {
    const page = await renderPage(t, "/");
    for (const plan of ["monthly", "annual"]) {
      const links = await page.select(`section#pricing article[data-plan="${plan}"] a[role="button"]`);
      expect(links.map((link) => link.attributes.href)).toEqual([`/subscribe?plan=${plan}`]);
    }
  });

  test("the footer shows the support address and the copyright, and no admin link for a visitor", async () => {
    const page = await renderPage(t, "/");
    const [footer] = await page.select("footer");
    expect(footer!.text).toContain("Support: support@gordu.test");
    expect(footer!.text).toContain("© 2024 GoRDU");
    expect((await page.select('footer a[href="mailto:support@gordu.test"]')).map((link) => link.text)).toEqual(["support@gordu.test"]);
    expect(await page.select('a[href="/admin"]')).toHaveLength(0);
  });

  test("a signed-in admin sees the Thank You link to the admin page", async () => {
    const admin = await addMember(t, { firstName: "Ada" });
    t.db.$client.query("UPDATE users SET is_admin = 1 WHERE id = $id").run({ id: admin.id });
    const page = await renderPage(t, "/", { cookie: sessionCookie(t, admin.id) });
    expect((await page.select('footer a[href="/admin"]')).map((link) => link.text)).toEqual(["Thank You"]);
  });

  test("an unknown path answers 404 with the '404 Page Not Found' card", async () => {
    const page = await renderPage(t, "/no-such-page");
    expect(page.status).toBe(404);
    expect(texts(await page.select("h1, h2"))).toContain("404 Page Not Found");
  });
});
