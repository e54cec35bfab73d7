import type { PlanType } from "../../../domain/api/common.ts";
import { api } from "../../api.ts";

/** What step 1 asks for. */
export interface Details {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Step 1 and "Send a new code": the details go to the server, which emails the address (the same answer for everyone).
 * A referral link's `?ref=` goes along (decision 135); the server keeps it only if it is a member's code.
 */
export function sendCode(details: Details, planType: PlanType) {
  const referralCode = new URLSearchParams(window.location.search).get("ref")?.slice(0, 64);
  return api.startSignup({
    email: details.email.trim(),
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    planType,
    ...(referralCode ? { referralCode } : {}),
    preferences: { destinations: [], maxPrice: 500, nonstopOnly: false },
  });
}
