import { Elysia } from "elysia";
import { toCurrentUser } from "../account/current-user.ts";
import type { Deps } from "../deps.ts";
import { authentication, requireUser } from "../http/auth.ts";

export function authRoutes(deps: Deps) {
  return new Elysia().use(authentication(deps)).get("/api/me", ({ auth }) => toCurrentUser(requireUser(auth).user));
}
