/** The signed-in user, and the bodies of signing in, passwords, profile and preferences. */
import { type Static, Type as t } from "@sinclair/typebox";
import { LIMITS, MAX_PASSWORD_LENGTH } from "../validation.ts";
import { Nullable, PlanType, strict, SubscriptionType } from "./common.ts";

/** The signed-in user as the API shows them: never a secret. */
export const CurrentUser = t.Object({
  id: t.Number(),
  email: t.String(),
  firstName: t.String(),
  lastName: t.String(),
  address: t.String(),
  phone: t.String(),
  lastLoginAt: Nullable(t.String()),
  needsPasswordSetup: t.Boolean(),
  isAdmin: t.Boolean(),
  preferences: t.Object({ emailAlerts: t.Boolean(), destinations: t.Array(t.String()), maxPrice: t.Number(), nonstopOnly: t.Boolean() }),
  /** The member's chosen time zone (alert settings): every time the pages show is in it. */
  timeZone: t.String(),
  createdAt: t.String(),
  planType: Nullable(PlanType),
  subscriptionType: SubscriptionType,
  subscriptionStatus: t.String(),
  stripeSubscriptionId: Nullable(t.String()),
});
export type CurrentUser = Static<typeof CurrentUser>;

/** Passwords are checked for length by the rules (with their messages); the schema only bounds the body. */
const Password = t.String({ maxLength: MAX_PASSWORD_LENGTH * 4 });

export const LoginRequest = t.Object(
  {
    email: t.String({ minLength: 1, maxLength: LIMITS.email }),
    password: t.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH * 4 }),
    skipLastLoginUpdate: t.Optional(t.Boolean()),
  },
  strict,
);
export type LoginRequest = Static<typeof LoginRequest>;

export const ForgotPasswordRequest = t.Object({ email: t.String({ minLength: 1, maxLength: LIMITS.email }) }, strict);

export const ResetPasswordRequest = t.Object({ token: t.String({ maxLength: 200 }), newPassword: Password, confirmPassword: Password }, strict);
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = t.Object({ currentPassword: t.Optional(Password), newPassword: Password, confirmPassword: Password }, strict);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

/** Twice the limits: longer text reaches the profile rules, which answer with their own words. */
export const ProfileUpdate = t.Object(
  {
    firstName: t.String({ maxLength: LIMITS.name * 2 }),
    lastName: t.String({ maxLength: LIMITS.name * 2 }),
    address: t.String({ maxLength: LIMITS.address * 2 }),
    phone: t.String({ maxLength: LIMITS.phone * 2 }),
  },
  strict,
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

export const PreferencesUpdate = t.Object({ emailAlerts: t.Boolean() }, strict);
export type PreferencesUpdate = Static<typeof PreferencesUpdate>;
