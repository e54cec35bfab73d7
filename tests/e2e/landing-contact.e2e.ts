import { expect, expectToast, test } from "./support/fixtures.ts";
import { expectFocusStaysIn, openFromFooter } from "./support/landing-page.ts";

test.describe("landing page: the contact form", () => {
  test("the contact dialog opens, keeps focus inside and closes with Escape and Cancel", async ({ page }) => {
    await page.goto("/");
    let dialog = await openFromFooter(page, "Contact");
    await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(dialog.getByLabel("Description")).toHaveAttribute("rows", "5");
    for (const label of ["Email", "Name", "Subject", "Description"]) await expect(dialog.getByLabel(label)).toHaveAttribute("required", "");
    await expectFocusStaysIn(page, dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    dialog = await openFromFooter(page, "Contact");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a visitor's message is confirmed, clears the form and reaches support by email", async ({ page, mail }) => {
    const subject = `Question about Lisbon ${Date.now()}`;
    await page.goto("/");
    const dialog = await openFromFooter(page, "Contact");
    await dialog.getByLabel("Email").fill("visitor@example.com");
    await dialog.getByLabel("Name").fill("Vera Visitor");
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByLabel("Description").fill("Do you track fares to Lisbon?\nThanks!");
    await dialog.getByRole("button", { name: "Send Message" }).click();

    await expectToast(page, "Message Sent", "Thank you for contacting us. We'll get back to you soon!");
    await expect(dialog).toBeHidden();

    await openFromFooter(page, "Contact");
    for (const label of ["Email", "Name", "Subject", "Description"]) await expect(dialog.getByLabel(label)).toHaveValue("");

    const forwarded = await mail.waitFor("support@gordu.test", (message) => message.subject?.includes(subject) ?? false);
    expect(forwarded.text).toContain("Vera Visitor <visitor@example.com>");
    expect(forwarded.text).toContain("Do you track fares to Lisbon?");
    expect(forwarded.replyTo?.text).toContain("visitor@example.com");
  });

  test("the contact form sends nothing while a field is empty or the email is not valid", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) sent.push(request.method());
    });
    await page.goto("/");
    const dialog = await openFromFooter(page, "Contact");
    const send = dialog.getByRole("button", { name: "Send Message" });
    const email = dialog.getByLabel("Email");

    await send.click();
    await expect(dialog).toBeVisible();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await dialog.getByLabel("Name").fill("Vera Visitor");
    await dialog.getByLabel("Subject").fill("Hello");
    await dialog.getByLabel("Description").fill("   ");
    await email.fill("visitor@example.com");
    await send.click();
    await expect(dialog.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all fields: email, name, subject and message.");

    await dialog.getByLabel("Description").fill("A real message");
    await email.fill("not-an-email");
    await send.click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);

    await email.fill("visitor@example");
    await send.click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(email).toBeFocused();

    await expect(dialog).toBeVisible();

    // Then a valid message: once it is answered, every request the clicks above made would be in `sent` before it.
    await email.fill("vera@example.com");
    await send.click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual(["POST"]);
  });

  test("a message the server refuses shows Failed to Send with the server's reason and keeps the form", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: "Too many messages. Please try again later." }) }),
    );
    await page.goto("/");
    const dialog = await openFromFooter(page, "Contact");
    await dialog.getByLabel("Email").fill("visitor@example.com");
    await dialog.getByLabel("Name").fill("Vera Visitor");
    await dialog.getByLabel("Subject").fill("Hello");
    await dialog.getByLabel("Description").fill("Hi there");
    await dialog.getByRole("button", { name: "Send Message" }).click();

    await expectToast(page, "Failed to Send", "Too many messages. Please try again later.");
    await expect(page.getByTestId("toast")).toHaveClass(/toast-destructive/);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Subject")).toHaveValue("Hello");
    await expect(dialog.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("a server failure with an empty body says 'Please try again later', not the HTTP status text", async ({ page }) => {
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/");
    const dialog = await openFromFooter(page, "Contact");
    await dialog.getByLabel("Email").fill("visitor@example.com");
    await dialog.getByLabel("Name").fill("Vera Visitor");
    await dialog.getByLabel("Subject").fill("Hello");
    await dialog.getByLabel("Description").fill("Hi there");
    await dialog.getByRole("button", { name: "Send Message" }).click();

    await expectToast(page, "Failed to Send", "Please try again later.");
    await expect(page.getByTestId("toast")).not.toContainText("Internal Server Error");
    await expect(dialog.getByLabel("Subject")).toHaveValue("Hello");
  });

  test("the send button is disabled while the message is on its way", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: true }) });
    });
    await page.goto("/");
    const dialog = await openFromFooter(page, "Contact");
    await dialog.getByLabel("Email").fill("visitor@example.com");
    await dialog.getByLabel("Name").fill("Vera Visitor");
    await dialog.getByLabel("Subject").fill("Hello");
    await dialog.getByLabel("Description").fill("Hi there");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByRole("button", { name: /Sending/ })).toBeDisabled();
    release();
    await expectToast(page, "Message Sent");
    await expect(dialog).toBeHidden();
  });
});
