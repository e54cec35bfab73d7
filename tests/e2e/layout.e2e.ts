import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, expectToast, test } from "./support/fixtures.ts";
import { subscribeThroughApi } from "./support/subscribe.ts";
import { ONLY_SEEDED_DEALS, seedDeals, seedUser } from "./support/world.ts";
import { logIn } from "./support/deals-page.ts";

/**
 * Geometry that was wrong at 1280×800 or 390×844 (issue 12): each test measures what a person saw, at both
 * sizes where both matter (screenshots of the same screens were checked by eye then). A test that checks both sizes
 * opens its screen once and resizes the window: the layout is CSS media queries, which follow the resize.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box;
}

function expectInside(inner: Box, outer: Box, what: string) {
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y, `${what}: top edge`).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height, `${what}: bottom edge`).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * How many pixels of a control's text do not fit its content box (0 or less: all of it shows), measured in the
 * control's own font: a select's chosen option, an input's placeholder, or the text given; `room` is what else the
 * box must hold (a date field's calendar button).
 */
async function overflowOf(control: Locator, { text, room = 0 }: { text?: string; room?: number } = {}): Promise<number> {
  return control.evaluate(
    (element, { text, room }) => {
      const style = getComputedStyle(element);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const shown = text ?? (element instanceof HTMLSelectElement ? element.selectedOptions[0]!.text : (element as HTMLInputElement).placeholder);
      const contentWidth = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(shown).width + room - contentWidth;
    },
    { text, room },
  );
}

async function signIn(page: Page, baseURL: string | undefined, who: { email: string; password: string }) {
  const response = await page.request.post("/api/login", { data: who, headers: { origin: baseURL! } });
  expect(response.ok()).toBe(true);
}

/**
 * The colour a person sees at (x, y): read from a screenshot, since hit-testing cannot tell (a modal dialog
 * makes everything outside it inert, drawn on top or not).
 */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = (await page.screenshot()).toString("base64");
  return page.evaluate(
    async ({ png, x, y }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      return [...context.getImageData(Math.round(x), Math.round(y), 1, 1).data];
    },
    { png, x, y },
  );
}

test.describe("admin users table", () => {
  test("fits at 1280 px with every row's buttons in its frame; below 1280 px it scrolls inside its frame and keeps the Actions column in view; on a phone each user is a card", async ({
    page,
    server,
    mail,
    request,
    baseURL,
  }) => {
    // Long addresses with no hyphen to break at, as real ones often are.
    const stamp = Date.now().toString(36);
    // A subscriber signed up in test billing (its row then has a Subscription menu, which a seeded member's has not),
    // in a request context of its own: the page stays signed out.
    await subscribeThroughApi(
      request,
      { server, mail },
      { plan: "annual", email: `christopher.alexander.${stamp}@examplecompany.com`, firstName: "Christopher", lastName: "Alexander" },
    );
    await seedUser(server, { firstName: "Christopher", email: `someone.with.a.long.name.${stamp}@longdomainexample.com` });
    await signIn(page, baseURL, ADMIN);
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    const frame = page.locator(".table-scroll:has(.user-table)");

    await test.step("at 1280 px: no sideways scroll, every row's buttons inside the frame", async () => {
      const sizes = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
      expect(sizes.page).toBeLessThanOrEqual(DESKTOP.width);
      await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveText("Actions");
      const frameBox = await boxOf(frame);
      const buttons = await frame.getByRole("button", { name: /^(Edit|Subscription)/ }).all();
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) expectInside(await boxOf(button), frameBox, "row button");
    });

    await test.step("at 1024 px: the page does not scroll sideways, and every Subscription button is inside the frame", async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
      const frameBox = await boxOf(frame);
      const menus = await frame.getByRole("button", { name: "Subscription" }).all();
      expect(menus.length).toBeGreaterThan(0);
      for (const button of menus) expectInside(await boxOf(button), frameBox, "Subscription button");
    });

    await test.step("on a phone: no sideways scroll, and a user's Edit is on screen", async () => {
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const firstRow = frame.getByRole("row").nth(1);
      expectInside(await boxOf(firstRow.getByRole("button", { name: /^Edit/ })), { x: 0, y: -1e6, width: PHONE.width, height: 2e6 }, "Edit on a phone");
    });

    await test.step("on a phone the search box shows its whole placeholder", async () => {
      const search = page.getByRole("searchbox", { name: "Search users" });
      await expect(search).toHaveAttribute("placeholder", "Search by email, first name, or last name...");
      expect(await overflowOf(search)).toBeLessThanOrEqual(0);
    });
  });
});

test.describe("admin email outbox", () => {
  test("fits at 1280 px with its last column (Retry, or when a scheduled email is due) inside its frame", async ({ page, request, baseURL }) => {
    // A member with a long address books a trip: its 24-hour reminder waits in the outbox, due tomorrow.
    const email = `someone.with.a.very.long.name.${Date.now().toString(36)}@longdomainexample.com`;
    const member = await (
      await request.post("/__test/members", { data: { email, deals: { count: 1 }, signedIn: true }, headers: { origin: baseURL! } })
    ).json();
    expect((await request.post("/api/booked-trips", { data: { dealId: member.dealIds[0] }, headers: { origin: baseURL! } })).status()).toBe(200);
    await signIn(page, baseURL, ADMIN);
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Operations" }).click();
    const frame = page.locator(".table-scroll:has(.outbox-table)");
    const due = frame.getByRole("row").filter({ hasText: email }).filter({ hasText: "trip-reminder" }).getByText(/^Due /);
    await expect(due).toBeVisible();
    const sizes = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll, "the outbox scrolls sideways at 1280 px").toBeLessThanOrEqual(sizes.client);
    expectInside(await boxOf(due), await boxOf(frame), "the due time in the last column");
  });
});

test.describe("member's deals table", () => {
  test("at 1280 px nothing is cut off, with a long travel window's badge on every deal (issue 45: 1228 px in a 1200 px card); on a phone the cards fit", async ({
    page,
    server,
  }) => {
    const member = await seedUser(server, { preferences: ONLY_SEEDED_DEALS });
    await seedDeals(server, member.id, { count: 12 });
    await logIn(page, server, member);
    // A preset's longest kind of name, over every seeded deal's dates: each row shows "Fits: <name>" under its dates.
    const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const window = {
      name: "Martin Luther King Jr. Day weekend 2027",
      startDate: iso(0),
      endDate: iso(200),
      minNights: null,
      maxNights: null,
      needsWeekend: false,
    };
    expect((await page.request.post("/api/travel-windows", { data: window, headers: { origin: server.url } })).ok()).toBe(true);
    await page.reload();
    await expect(page.locator(".deals-table .badge-fits").first()).toHaveText(`Fits: ${window.name}`);
    const frame = page.locator(".deals-table-scroll");

    await test.step("at 1280×800 the table needs no sideways scroll, and the Price Range column and its labels are inside the card", async () => {
      const sizes = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
      const frameBox = await boxOf(frame);
      expectInside(await boxOf(page.getByRole("columnheader", { name: "Price Range" })), frameBox, "Price Range header");
      const labels = await frame.locator(".range-bar-labels").all();
      expect(labels.length).toBe(10);
      for (const label of labels) expectInside(await boxOf(label), frameBox, "a row's range labels");
    });

    await test.step("on a phone the page does not scroll sideways and each card is inside the screen", async () => {
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const screen = { x: 0, y: -1e6, width: PHONE.width, height: 2e6 };
      for (const card of await page.locator(".deals-phone .deal-card").all()) expectInside(await boxOf(card), screen, "a deal card");
    });
  });
});

test.describe("Contact dialog", () => {
  test("at 1280×800 the whole form and its Send Message / Cancel are on screen without scrolling; on a phone they are one row of equal halves, on screen", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Us" });
    await expect(dialog).toBeVisible();

    await test.step("at 1280×800 nothing in the dialog needs scrolling", async () => {
      const article = dialog.locator("article");
      const { scroll, client } = await article.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
      expect(scroll).toBeLessThanOrEqual(client);
      const screen = { x: 0, y: 0, ...DESKTOP };
      for (const name of ["Send Message", "Cancel"]) expectInside(await boxOf(dialog.getByRole("button", { name, exact: true })), screen, name);
    });

    await test.step("on a phone Cancel and Send Message are one row of equal halves, on screen", async () => {
      await page.setViewportSize(PHONE);
      const cancel = await boxOf(dialog.getByRole("button", { name: "Cancel", exact: true }));
      const send = await boxOf(dialog.getByRole("button", { name: "Send Message" }));
      expect(Math.abs(cancel.y - send.y)).toBeLessThan(1);
      expect(Math.abs(cancel.width - send.width)).toBeLessThan(1);
      expect(cancel.x + cancel.width).toBeLessThan(send.x);
      for (const [name, box] of [
        ["Cancel", cancel],
        ["Send Message", send],
      ] as const)
        expectInside(box, { x: 0, y: 0, ...PHONE }, name);
    });
  });
});

test.describe("dashboard", () => {
  test("at 390 px and at 1280 px the header is compact, and a toast already showing stays under it and above a dialog opened after it", async ({
    page,
    server,
  }) => {
    await page.setViewportSize(PHONE);
    const member = await seedUser(server, { firstName: "Alexandra", emailAlerts: false, preferences: ONLY_SEEDED_DEALS });
    await seedDeals(server, member.id, { count: 1 });
    await logIn(page, server, member);
    const greeting = page.getByRole("heading", { name: /^Welcome( back)?, Alexandra$/ });
    await expect(greeting).toBeVisible();
    const header = page.locator(".dashboard-header");
    const alerts = page.getByRole("switch", { name: "Email Alerts" });
    const profile = page.getByRole("dialog", { name: "Profile" });

    const expectToastUnderHeaderAndAboveProfileDialog = async () => {
      // Under the sticky header, not over its buttons.
      expect(overlaps(await boxOf(page.getByTestId("toast")), await boxOf(header))).toBe(false);
      await page.getByRole("button", { name: "Profile" }).click();
      await expect(profile).toBeVisible();
      // The toast's own white card, not dimmed by the dialog's backdrop: a spot in its padding, right of the text.
      const toast = await boxOf(page.getByTestId("toast"));
      const [red, green, blue] = await pixelAt(page, toast.x + toast.width - 6, toast.y + toast.height - 6);
      expect(Math.min(red!, green!, blue!), "the toast is drawn above the backdrop").toBeGreaterThan(245);
      await page.keyboard.press("Escape");
      await expect(profile).toBeHidden();
    };

    await test.step("on a phone the header is at most 84 px high, and the greeting, on a row of its own, starts where the logo does", async () => {
      expect((await boxOf(header)).height).toBeLessThanOrEqual(84);
      const textX = (locator: Locator) =>
        locator.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return range.getBoundingClientRect().x;
        });
      expect(Math.abs((await textX(greeting)) - (await textX(page.getByRole("link", { name: "GoRDU home" }))))).toBeLessThan(1);
    });

    await test.step("on a phone a toast stays under the header and above a dialog opened after it", async () => {
      await alerts.click();
      await expectToast(page, "Heads up!");
      await expectToastUnderHeaderAndAboveProfileDialog();
    });

    await test.step("on a phone the alert settings show all their text: the window's empty dates and every choice", async () => {
      const alerts = page.getByRole("article", { name: "Alerts that fit your life" });
      // The calendar button of a date field takes about 24 px of its box.
      for (const label of ["From", "To"])
        expect(await overflowOf(alerts.getByLabel(label, { exact: true }), { text: "mm/dd/yyyy", room: 24 })).toBeLessThanOrEqual(0);
      const choices = await alerts.getByRole("combobox").all();
      expect(choices.length).toBeGreaterThanOrEqual(5);
      for (const choice of choices) expect(await overflowOf(choice), (await choice.getAttribute("id")) ?? "a choice").toBeLessThanOrEqual(0);
    });

    await test.step("on a phone the price history's labels are drawn at 11 px or more", async () => {
      await page
        .getByRole("button", { name: /^View details of / })
        .first()
        .click();
      const chart = page.getByRole("img", { name: /^Price history/ });
      await expect(chart).toBeVisible();
      // Measured once the dialog has finished opening: while it scales in, its text is drawn smaller.
      await chart.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((animation) => animation.finished),
        ),
      );
      const sizes = await chart
        .locator("text")
        .evaluateAll((texts) => texts.map((text) => Number.parseFloat(getComputedStyle(text).fontSize) * (text as SVGGraphicsElement).getScreenCTM()!.a));
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
      await page.keyboard.press("Escape");
      await expect(chart).toBeHidden();
    });

    await test.step("on a desktop the header is at most 112 px high", async () => {
      await page.setViewportSize(DESKTOP);
      await expect(greeting).toBeVisible();
      expect((await boxOf(header)).height).toBeLessThanOrEqual(112);
    });

    await test.step("on a desktop a toast stays under the header and above a dialog opened after it", async () => {
      // Alerts off and on again: a new 'Heads up!' toast, shown at this size.
      await alerts.click();
      await expectToast(page, "Preferences Updated");
      await alerts.click();
      await expectToast(page, "Heads up!");
      await expectToastUnderHeaderAndAboveProfileDialog();
    });
  });
});

test.describe("subscribe page", () => {
  test("at 1280 px and at 390 px 'Your details' sits right under 'Step 1 of 3', and 'Required Fields Missing' leaves Continue uncovered", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/subscribe?plan=annual");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    const submit = page.getByRole("button", { name: "Continue", exact: true });

    for (const size of [DESKTOP, PHONE]) {
      await test.step(`at ${size.width} px`, async () => {
        await page.setViewportSize(size);
        const step = await boxOf(page.getByText("Step 1 of 3"));
        const title = await boxOf(page.getByRole("heading", { name: "Your details" }));
        expect(title.y - (step.y + step.height)).toBeLessThan(16);

        await submit.click();
        await expectToast(page, "Required Fields Missing");
        const toast = await boxOf(page.getByTestId("toast"));
        expect(overlaps(toast, await boxOf(submit))).toBe(false);
        // Dismissed, so the next size's toast is one shown at that size.
        await page.getByRole("button", { name: "Dismiss notification" }).click();
        await expect(page.getByTestId("toast")).toBeHidden();
      });
    }
  });
});
