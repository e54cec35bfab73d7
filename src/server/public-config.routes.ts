import { Elysia } from "elysia";
import { PublicConfig } from "../domain/api/site.ts";
import type { Deps } from "./deps.ts";

/** What the browser needs to know about this deployment: nothing secret. */
export function publicConfigRoutes({ config }: Deps) {
  const answer: PublicConfig = {
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    billing: {
      mode: config.stripe ? "stripe" : "test",
      publishableKey: config.stripe?.publishableKey ?? null,
      checkout: config.stripe?.checkout ?? "embedded",
    },
  };
  return new Elysia().get("/api/app-config", () => answer, { response: PublicConfig });
}
