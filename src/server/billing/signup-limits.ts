import { RateLimiter } from "../http/rate-limit.ts";

const HOUR = 60 * 60_000;

/**
 * Anti-automation for the unauthenticated signup path, where each request costs an email or provider calls (a
 * customer, a subscription and a SetupIntent whose secret card testers look for). Counted before that work starts.
 */
export function createSignupLimits() {
  return {
    /** Step 1, which emails a code: per address, and per mailbox (src/domain/mailbox.ts), whoever asks. */
    signupsByIp: new RateLimiter(10, HOUR),
    signupEmailsByMailbox: new RateLimiter(5, HOUR),
    /** Each code can be tried 5 times; a new code needs step 1 again. */
    codeAttemptsBySignup: new RateLimiter(5, 24 * HOUR),
    /** complete-subscription and complete-checkout: each asks the provider twice. */
    completionsByIp: new RateLimiter(20, HOUR),
    /** Test billing's card form; with Stripe the card goes to Stripe, whose own card-testing defences apply. */
    cardAttemptsByIp: new RateLimiter(10, HOUR),
    /** At most this many cards tried on one signup: after five declines it is done, and a new one must start. */
    cardAttemptsBySignup: new RateLimiter(5, 24 * HOUR),
  };
}

export type SignupLimits = ReturnType<typeof createSignupLimits>;

export const TOO_MANY_SIGNUPS = "Too many signups from your network. Please wait a while and try again.";
/** The answer of step 1 for every address, with an account or not (decision 097). */
export const CODE_SENT = "Check your email: we've sent you a 6-digit code to continue. If you already have an account, the email says how to sign in instead.";
export const TOO_MANY_CODES = "We've sent this address several codes in the last hour. Please use the latest one, or wait a while and try again.";
export const TOO_MANY_CODE_ATTEMPTS = "Too many wrong codes. Please ask for a new code.";
export const TOO_MANY_COMPLETIONS = "Too many attempts to finish a signup. Please wait a while and try again.";
export const TOO_MANY_CARD_ATTEMPTS = "Too many card attempts. Please wait a while and try again.";
export const TOO_MANY_CARDS_FOR_SIGNUP = "Too many cards were declined for this signup. Please start again from the pricing page later.";
