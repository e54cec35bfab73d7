import { afterAll, beforeEach } from "bun:test";
import type { SignupInput } from "../../src/server/billing/billing.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { startStripeServer, stripeTestConfig } from "./stripe-server.ts";

/** The fixed time the local Stripe believes it is in StripeBilling's tests. */
export const NOW = new Date("2026-11-22T15:00:00Z");
export const NOW_S = NOW.getTime() / 1000;
export const DAY_S = 86_400;

/**
 * StripeBilling against a local Stripe of its own for this test file: stopped after the file, emptied before each test.
 * Call it at the top of a test file.
 */
export function stripeBillingFixture() {
  const server = startStripeServer({ now: () => NOW });
  const config = stripeTestConfig(server);
  const billing = new StripeBilling(config, { timeoutMs: 2_000 });
  afterAll(() => server.stop());
  beforeEach(() => server.reset());

  let signupCounter = 0;
  const signupInput = (overrides: Partial<SignupInput> = {}): SignupInput => ({
    pendingSignupId: `ps_${++signupCounter}`,
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    planType: "monthly",
    ...overrides,
  });

  /** A signup whose card the browser has confirmed, as after step 2 of /subscribe. */
  const confirmedSignup = async (overrides: Partial<SignupInput> = {}) => {
    const signup = await billing.startEmbeddedSignup(signupInput(overrides));
    const paymentMethodId = server.succeedSetupIntent(signup.setupIntentId);
    return { ...signup, paymentMethodId };
  };

  return { server, config, billing, signupInput, confirmedSignup };
}

export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}
