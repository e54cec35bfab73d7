import { Elysia, t } from "elysia";
import { OkResponse } from "../../domain/api/common.ts";
import { BookedTrip, BookedTripList, BookTripRequest, CreateShareRequest, DealShare, DealShareList, SharedDeal } from "../../domain/api/trips.ts";
import { authentication, requireDealAccess, requireUser } from "../auth/auth-plugin.ts";
import { RDU_TIME_ZONE } from "../../domain/zoned-time-text.ts";
import type { Deps } from "../deps.ts";
import { clientIp } from "../http/client-ip.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { bookTrip, listBookedTrips, removeBookedTrip } from "./booked-trips.ts";
import { createShare, listShares, revokeShare, sharedDeal } from "./deal-shares.ts";
import { ShareImageCache } from "./share-image-cache.ts";
import { dealCalendarFile } from "./trip-calendar-file.ts";
import { log } from "../log.ts";

/** Any text: a malformed id answers 404 like an unknown one. */
const IdParams = t.Object({ id: t.String() });

/** A member makes at most this many share links an hour (each is a public page). */
export const SHARES_PER_HOUR = 30;

/** The member's side: share links, booked trips and calendar files. */
function memberRoutes(deps: Deps, images: ShareImageCache) {
  const shareLimit = new RateLimiter(SHARES_PER_HOUR, 60 * 60_000);
  return new Elysia()
    .use(authentication(deps))
    .post(
      "/api/deal-shares",
      ({ auth, body }) => {
        const user = requireDealAccess(auth, deps.clock.now());
        shareLimit.attempt(`share:${user.id}`, deps.clock.now(), "You have made many share links in the last hour. Please try again later.");
        const share = createShare(deps, user, body.dealId);
        // Drawn now, so the first link preview a messenger asks for is answered from memory.
        images.image(deps, share.id, null).catch((error) => log.warn("[share] preview image not drawn", { error }));
        return share;
      },
      { body: CreateShareRequest, response: DealShare },
    )
    .get("/api/deal-shares", ({ auth }) => listShares(deps, requireUser(auth).user), { response: DealShareList })
    .delete(
      "/api/deal-shares/:id",
      ({ auth, params }) => {
        revokeShare(deps.db, requireUser(auth).user, params.id);
        return { success: true as const };
      },
      { params: IdParams, response: OkResponse },
    )
    .post("/api/booked-trips", ({ auth, body }) => bookTrip(deps, requireDealAccess(auth, deps.clock.now()), body), {
      body: BookTripRequest,
      response: BookedTrip,
    })
    .get("/api/booked-trips", ({ auth }) => listBookedTrips(deps, requireUser(auth).user), { response: BookedTripList })
    .delete(
      "/api/booked-trips/:id",
      ({ auth, params }) => {
        removeBookedTrip(deps.db, requireUser(auth).user, params.id);
        return { success: true as const };
      },
      { params: IdParams, response: OkResponse },
    )
    .get(
      "/api/flight-deals/:id/calendar.ics",
      ({ auth, params }) => {
        const file = dealCalendarFile(deps, requireDealAccess(auth, deps.clock.now()), params.id);
        return new Response(file.body, {
          headers: {
            "content-type": "text/calendar; charset=utf-8",
            "content-disposition": `attachment; filename="${file.fileName}"`,
            "cache-control": "private, no-store",
          },
        });
      },
      { params: IdParams },
    );
}

/** The public side: the shared deal's data (for its page; a signed-in reader's times in their zone) and its preview image. No login, nothing about the member. */
function publicRoutes(deps: Deps, images: ShareImageCache) {
  return new Elysia()
    .use(authentication(deps))
    .get("/api/shared-deals/:id", ({ auth, params }) => sharedDeal(deps, params.id, auth?.user.timeZone ?? RDU_TIME_ZONE), {
      params: IdParams,
      response: SharedDeal,
    })
    .get(
      "/deals/:id/image.png",
      async ({ params, request, server }) => {
        const png = await images.image(deps, params.id, clientIp(request, server, deps.config.trustProxy));
        // no-cache: a revoked link's image must stop at once, so every fetch asks us (and we answer from memory).
        return new Response(png, { headers: { "content-type": "image/png", "cache-control": "public, no-cache" } });
      },
      { params: IdParams },
    );
}

export function tripsRoutes(deps: Deps) {
  const images = new ShareImageCache();
  return new Elysia().use(memberRoutes(deps, images)).use(publicRoutes(deps, images));
}
