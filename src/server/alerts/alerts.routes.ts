import { Elysia, t } from "elysia";
import {
  AlertSettings,
  AlertsOverview,
  PushDevice,
  PushSubscribeRequest,
  Snooze,
  SnoozeRequest,
  TravelWindow,
  TravelWindowRequest,
} from "../../domain/api/alerts.ts";
import { OkResponse } from "../../domain/api/common.ts";
import { authentication, requireDealAccess } from "../auth/auth-plugin.ts";
import type { Deps } from "../deps.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { addPushDevice, removePushDevice } from "./push-devices.service.ts";
import { snoozeDestination, unsnoozeDestination } from "./snooze.service.ts";
import { addTravelWindow, alertsOverview, removeTravelWindow, updateAlertSettings } from "./alert-settings.service.ts";

/** Any text: a malformed id answers 404 like an unknown one. */
const IdParams = t.Object({ id: t.String() });

/** Alert settings are for members with deal access: 401 signed out, 403 without access, decided here once. */
export function alertsRoutes(deps: Deps) {
  // Subscribing checks and writes a device: counted per member before the work (docs/decisions/025).
  const subscribeLimit = new RateLimiter(20, 60 * 60_000);
  return new Elysia()
    .use(authentication(deps))
    .resolve(({ auth }) => ({ member: requireDealAccess(auth, deps.clock.now()) }))
    .get("/api/alerts", ({ member }) => alertsOverview(deps, member), { response: AlertsOverview })
    .put("/api/alert-settings", ({ member, body }) => updateAlertSettings(deps, member, body), { body: AlertSettings, response: AlertSettings })
    .post("/api/travel-windows", ({ member, body }) => addTravelWindow(deps, member, body), { body: TravelWindowRequest, response: TravelWindow })
    .delete(
      "/api/travel-windows/:id",
      ({ member, params }) => {
        removeTravelWindow(deps, member, params.id);
        return { success: true as const };
      },
      { params: IdParams, response: OkResponse },
    )
    .post("/api/snoozes", ({ member, body }) => snoozeDestination(deps, member, body.destination), { body: SnoozeRequest, response: Snooze })
    .delete(
      "/api/snoozes/:destination",
      ({ member, params }) => {
        unsnoozeDestination(deps, member, params.destination);
        return { success: true as const };
      },
      { params: t.Object({ destination: t.String() }), response: OkResponse },
    )
    .post(
      "/api/push-devices",
      ({ member, body }) => {
        subscribeLimit.attempt(`user:${member.id}`, deps.clock.now(), "Too many devices added. Please try again later.");
        return addPushDevice(deps, member, body);
      },
      { body: PushSubscribeRequest, response: PushDevice },
    )
    .delete(
      "/api/push-devices/:id",
      ({ member, params }) => {
        removePushDevice(deps, member, params.id);
        return { success: true as const };
      },
      { params: IdParams, response: OkResponse },
    );
}
