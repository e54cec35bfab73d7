/**
 * The test seam: routes under /__test that build a test's world inside the running server (a member, their deals,
 * a signed-in session, a published alert), so a browser test needs neither a seeding process per call nor a trip
 * through the login form. Only the test server (e2e-server.ts) mounts it; the product's entry point and the built
 * executable never contain it, and it refuses to exist outside NODE_ENV=test on a loopback APP_URL.
 */
import { Elysia } from "elysia";
import { setSessionCookie } from "../../../src/server/auth/auth-plugin.ts";
import { isLoopbackOrigin } from "../../../src/server/config.ts";
import type { Deps } from "../../../src/server/deps.ts";
import {
  addDeals,
  addMember,
  type DealAlertOptions,
  type DealsOptions,
  endDeal,
  endFreeTrial,
  forgetCardTrial,
  type MemberOptions,
  mintSession,
  observeFareDrop,
  outboxKindsTo,
  publishDealAlert,
  recordSeededScan,
} from "./world.ts";

export const SEAM_PREFIX = "/__test";

export interface MemberRequest extends MemberOptions {
  deals?: DealsOptions;
  signedIn?: boolean;
}

export function testSeam(deps: Deps) {
  if (process.env.NODE_ENV !== "test" || !isLoopbackOrigin(deps.config.appOrigin)) {
    throw new Error("The test seam needs NODE_ENV=test and a loopback APP_URL: it is never part of the product.");
  }
  const world = { db: deps.db, clock: deps.clock };
  const idOf = (params: { id: string }) => Number(params.id);
  /** The cookie a sign-in sets, on this answer: a browser test's request context hands it to its pages. */
  const signIn = (cookie: Parameters<typeof setSessionCookie>[0], userId: number) => {
    const { value, expiresAt } = mintSession(world, userId);
    setSessionCookie(cookie, value, expiresAt, false);
  };
  return new Elysia({ prefix: SEAM_PREFIX })
    .post("/members", async ({ body, cookie }) => {
      const request = body as MemberRequest;
      const member = await addMember(world, request);
      const dealIds = request.deals ? addDeals(world, member.id, request.deals) : [];
      if (request.signedIn) signIn(cookie, member.id);
      return { ...member, dealIds };
    })
    .post("/members/:id/deals", ({ params, body }) => ({ ids: addDeals(world, idOf(params), body as DealsOptions) }))
    .post("/members/:id/sessions", ({ params, cookie }) => {
      signIn(cookie, idOf(params));
      return { signedIn: true };
    })
    .post("/deal-alerts", ({ body }) => publishDealAlert(world, body as DealAlertOptions))
    .post("/deals/:id/end", ({ params }) => {
      endDeal(world, idOf(params));
      return { ended: true };
    })
    .post("/deals/:id/fare-drops", ({ params, body }) => ({ alerts: observeFareDrop(world, idOf(params), (body as { price: number }).price) }))
    .post("/scans", () => recordSeededScan(world))
    .get("/outbox", ({ query }) => outboxKindsTo(world, String(query.to)))
    .post("/end-free-trial", ({ body }) => {
      endFreeTrial(world, (body as { email: string }).email);
      return { ended: true };
    })
    .post("/forget-card-trial", ({ body }) => {
      forgetCardTrial(world, (body as { cardNumber: string }).cardNumber);
      return { forgotten: true };
    });
}
