import { describe, expect, test } from "bun:test";
import { readSetupReturn, setupReturnUrl, withoutSetupReturn } from "../../src/client/billing/setup-return.ts";

/** What Stripe.js appends to the return_url after a redirect for card authentication. */
function stripeReturn(returnUrl: string, redirectStatus: string): URLSearchParams {
  const url = new URL(returnUrl);
  url.searchParams.set("setup_intent", "seti_123");
  url.searchParams.set("setup_intent_client_secret", "seti_123_secret_abc");
  url.searchParams.set("redirect_status", redirectStatus);
  return url.searchParams;
}

describe("returning from card authentication on /subscribe", () => {
  const returnUrl = setupReturnUrl("https://gordu.test/subscribe?plan=annual", "jo+trips@example.com");

  test("the return URL is this page with the signup's email added", () => {
    expect(new URL(returnUrl).pathname).toBe("/subscribe");
    expect(new URL(returnUrl).searchParams.get("plan")).toBe("annual");
  });

  test("a succeeded redirect gives back the email to complete the signup with", () => {
    expect(readSetupReturn(stripeReturn(returnUrl, "succeeded"))).toEqual({ email: "jo+trips@example.com", succeeded: true, paidPlan: false });
  });

  test("any other redirect status is a failure", () => {
    expect(readSetupReturn(stripeReturn(returnUrl, "failed"))).toEqual({ email: "jo+trips@example.com", succeeded: false, paidPlan: false });
  });

  test("an ordinary visit, or Stripe's parameters without our email, is not a return", () => {
    expect(readSetupReturn(new URLSearchParams("plan=annual"))).toBeNull();
    expect(readSetupReturn(stripeReturn("https://gordu.test/subscribe?plan=annual", "succeeded"))).toBeNull();
    expect(readSetupReturn(new URLSearchParams("signup_email=a%40b.c&plan=annual"))).toBeNull();
  });

  test("a signup that agreed to join without a trial comes back saying so", () => {
    const paid = setupReturnUrl("https://gordu.test/subscribe?plan=annual", "back@example.com", true);
    expect(readSetupReturn(stripeReturn(paid, "succeeded"))).toEqual({ email: "back@example.com", succeeded: true, paidPlan: true });
    expect(withoutSetupReturn(stripeReturn(paid, "succeeded"))).toBe("?plan=annual");
  });

  test("cleaning the URL keeps only the page's own query", () => {
    expect(withoutSetupReturn(stripeReturn(returnUrl, "succeeded"))).toBe("?plan=annual");
    expect(withoutSetupReturn(stripeReturn(setupReturnUrl("https://gordu.test/subscribe", "a@b.c"), "failed"))).toBe("");
  });
});
