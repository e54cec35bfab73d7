import type { CurrentUser } from "../../domain/api/users.ts";
import type { User } from "./users.ts";

/** The signed-in user as the API shows it: docs/product-rules.md §3 fields, never a secret. */
export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    address: user.address,
    phone: user.phone,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    needsPasswordSetup: user.needsPasswordSetup,
    isAdmin: user.isAdmin,
    preferences: { emailAlerts: user.emailAlerts, ...user.preferences },
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
    planType: user.planType,
    subscriptionType: user.subscriptionType,
    subscriptionStatus: user.subscriptionStatus,
    stripeSubscriptionId: user.stripeSubscriptionId,
  };
}
