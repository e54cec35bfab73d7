/** The subscribe page as the server sends it: step 1 of the signup that proves its address (decision 097). */
import { describe, expect, test } from "bun:test";
import { renderPage } from "../support/html.ts";
import { createTestApp } from "../support/test-app.ts";

describe("the subscribe page, server-rendered for a visitor", () => {
  const t = createTestApp();

  test("step 1 of 3 asks for the details only; the card comes after the emailed code", async () => {
    const page = await renderPage(t, "/subscribe?plan=annual");
    expect(page.status).toBe(200);
    expect((await page.select(".step")).map((element) => element.text)).toEqual(["Step 1 of 3"]);
    expect((await page.select("main h2"))[0]!.text).toBe("Your details");
    expect((await page.select("form input")).map((element) => element.attributes.name)).toEqual(["firstName", "lastName", "email"]);
    expect((await page.select('form button[type="submit"]')).map((element) => element.text)).toEqual(["Continue"]);
    expect((await page.select(".plan-summary p"))[0]!.text).toStartWith("7-day free trial");
    expect(await page.select(".card-form")).toHaveLength(0);
  });
});
