/**
 * src/domain/api/ holds the TypeBox model of every JSON request and response body: the server validates with them,
 * both sides take their types from them (Static<>). Imports only TypeBox and src/domain; the client imports types only.
 */
import { type Static, Type as t } from "@sinclair/typebox";

/** Request bodies refuse fields they do not name (mass assignment). */
export const strict = { additionalProperties: false } as const;

export const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);

/** The plain answer of an action: `{ success: true }`, sometimes with words for a toast. */
export const OkResponse = t.Object({ success: t.Literal(true), message: t.Optional(t.String()) });
export type OkResponse = Static<typeof OkResponse>;

export const PlanType = t.Union([t.Literal("monthly"), t.Literal("annual")]);
export type PlanType = Static<typeof PlanType>;

export const SubscriptionType = t.Union([t.Literal("Paid"), t.Literal("Free")]);
export type SubscriptionType = Static<typeof SubscriptionType>;
