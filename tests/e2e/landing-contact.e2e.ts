import type { Locator } from "@playwright/test";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { expectFocusStaysIn, openFromFooter } from "./support/landing-page.ts";

// The route's own refusals (an empty field, a malformed address, too many messages) are tests/api/contact.test.ts's.
type Reply = { status: number; body: string; contentType?: string };

async function fillMessage(dialog: Locator) {
  await dialog.getByLabel("Email").fill("visitor@example.com");
  await dialog.getByLabel("Name").fill("Vera Visitor");
  await dialog.getByLabel("Subject").fill("Hello");
  await dialog.getByLabel("Description").fill("Hi there");
}

test.describe("landing page: the contact form", () => {
  test("a visitor writes to support: the dialog keeps the focus and closes with Escape and Cancel, nothing is sent while a field is wrong, Send waits while sending, a failure keeps the form, and a message reaches support by email", async ({
    page,
    mail,
  }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) sent.push(request.method());
    });
    await page.goto("/");

    await test.step("the dialog opens with four required fields, keeps the focus inside and closes with Escape and with Cancel", async () => {
      const dialog = await openFromFooter(page, "Contact");
      await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
      await expect(dialog.getByLabel("Description")).toHaveAttribute("rows", "5");
      for (const label of ["Email", "Name", "Subject", "Description"]) await expect(dialog.getByLabel(label)).toHaveAttribute("required", "");
      await expectFocusStaysIn(page, dialog);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      await openFromFooter(page, "Contact");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    });

    const dialog = await openFromFooter(page, "Contact");
    const send = dialog.getByRole("button", { name: "Send Message" });
    const email = dialog.getByLabel("Email");

    await test.step("nothing is sent while a field is empty or blank, or the email is not valid", async () => {
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
    });

    const subject = `Question about Lisbon ${Date.now()}`;
    await test.step("a valid message is confirmed, and the form is empty when opened again", async () => {
      await email.fill("visitor@example.com");
      await dialog.getByLabel("Subject").fill(subject);
      await dialog.getByLabel("Description").fill("Do you track fares to Lisbon?\nThanks!");
      await send.click();

      await expectToast(page, "Message Sent", "Thank you for contacting us. We'll get back to you soon!");
      await expect(dialog).toBeHidden();
      // Once this message was answered, every request the clicks above made would be in `sent` before it.
      expect(sent).toEqual(["POST"]);

      await openFromFooter(page, "Contact");
      for (const label of ["Email", "Name", "Subject", "Description"]) await expect(dialog.getByLabel(label)).toHaveValue("");
    });

    // From here on, each message the page sends waits here until the test answers it in the server's place.
    const waiting: ((reply: Reply) => void)[] = [];
    await page.route("**/api/contact", (route) => new Promise<Reply>((resolve) => waiting.push(resolve)).then((reply) => route.fulfill(reply)));
    const answer = async (reply: Reply) => {
      await expect.poll(() => waiting.length).toBe(1);
      waiting.shift()!(reply);
    };
    await fillMessage(dialog);

    await test.step("while the message is on its way, the send button is disabled", async () => {
      await send.click();
      await expect(dialog.getByRole("button", { name: /Sending/ })).toBeDisabled();
    });

    await test.step("a server failure with an empty body says 'Please try again later', not the HTTP status text, and keeps the form", async () => {
      await answer({ status: 500, body: "" });
      await expectToast(page, "Failed to Send", "Please try again later.");
      await expect(page.getByTestId("toast")).not.toContainText("Internal Server Error");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Subject")).toHaveValue("Hello");
    });

    await test.step("a refusal with a reason shows Failed to Send with the server's words, in red, and keeps the form", async () => {
      await send.click();
      await answer({ status: 429, contentType: "application/json", body: JSON.stringify({ error: "Too many messages. Please try again later." }) });
      await expectToast(page, "Failed to Send", "Too many messages. Please try again later.");
      await expect(page.getByTestId("toast")).toHaveClass(/toast-destructive/);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Subject")).toHaveValue("Hello");
      await expect(send).toBeEnabled();
    });

    await test.step("the message confirmed earlier reached support by email, with the visitor to reply to", async () => {
      const forwarded = await mail.waitFor("support@gordu.test", (message) => message.subject?.includes(subject) ?? false);
      expect(forwarded.text).toContain("Vera Visitor <visitor@example.com>");
      expect(forwarded.text).toContain("Do you track fares to Lisbon?");
      expect(forwarded.replyTo?.text).toContain("visitor@example.com");
    });
  });
});
