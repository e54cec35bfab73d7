/** What the browser learns about this deployment, and the contact form. */
import { type Static, Type as t } from "@sinclair/typebox";
import { LIMITS } from "../validation.ts";
import { Nullable, strict } from "./common.ts";

export const PublicConfig = t.Object({
  /** The public origin (APP_URL), for absolute links such as og:image. */
  appUrl: t.String(),
  supportEmail: t.String(),
  billing: t.Object({
    mode: t.Union([t.Literal("test"), t.Literal("stripe")]),
    publishableKey: Nullable(t.String()),
    checkout: t.Union([t.Literal("embedded"), t.Literal("hosted")]),
  }),
});
export type PublicConfig = Static<typeof PublicConfig>;

export const ContactRequest = t.Object(
  {
    email: t.String({ maxLength: LIMITS.email }),
    name: t.String({ maxLength: LIMITS.name }),
    subject: t.String({ maxLength: LIMITS.subject }),
    description: t.String({ maxLength: LIMITS.description }),
  },
  strict,
);
export type ContactRequest = Static<typeof ContactRequest>;

/** GET /healthz, for a load balancer: 200 while the database answers, 503 when it does not. */
export const HealthStatus = t.Object({
  status: t.Literal("ok"),
  database: t.Literal("ok"),
  lastSuccessfulScanAt: Nullable(t.String()),
  lastSuccessfulScanAgeSeconds: Nullable(t.Number()),
});
export const HealthUnavailable = t.Object({ status: t.Literal("unavailable"), database: t.Literal("error") });
