import { eq } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import type { ProfileUpdate } from "../../domain/api/users.ts";
import { LIMITS } from "../../domain/validation.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";

const PHONE_PATTERN = /^[0-9+().\-\s]*$/;

/** Trims and checks the four editable profile fields; used for a user's own profile and by admins. */
export function cleanProfile(input: ProfileUpdate): ProfileUpdate {
  const profile = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    address: input.address.trim(),
    phone: input.phone.trim(),
  };
  if (!profile.firstName || !profile.lastName) throw badRequest("Please enter a first and last name.");
  if (profile.firstName.length > LIMITS.name || profile.lastName.length > LIMITS.name) throw badRequest(`Names can be at most ${LIMITS.name} characters.`);
  if (profile.address.length > LIMITS.address) throw badRequest(`The address can be at most ${LIMITS.address} characters.`);
  if (profile.phone.length > LIMITS.phone || !PHONE_PATTERN.test(profile.phone)) throw badRequest("Please enter a valid phone number.");
  return profile;
}

export function updateProfile(deps: Deps, user: User, input: ProfileUpdate): User {
  return deps.db
    .update(users)
    .set({ ...cleanProfile(input), updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id))
    .returning()
    .get();
}

export function updateEmailAlerts(deps: Deps, user: User, emailAlerts: boolean): User {
  return deps.db.update(users).set({ emailAlerts, updatedAt: deps.clock.now() }).where(eq(users.id, user.id)).returning().get();
}
