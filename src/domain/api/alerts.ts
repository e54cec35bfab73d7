/** Alerts that fit a life: travel windows, the alert rule, delivery (instant or digest), quiet hours, caps, snoozes, push devices. */
import { type Static, Type as t } from "@sinclair/typebox";
import { MAX_WINDOW_NAME, MAX_WINDOW_NIGHTS } from "../travel-windows.ts";
import { Nullable, strict } from "./common.ts";

const IsoDate = t.String({ maxLength: 10 });
const Nights = Nullable(t.Integer({ minimum: 0, maximum: MAX_WINDOW_NIGHTS }));
const Hour = t.Integer({ minimum: 0, maximum: 23 });

export const TravelWindow = t.Object({
  id: t.Number(),
  name: t.String(),
  startDate: t.String(),
  endDate: t.String(),
  minNights: Nullable(t.Number()),
  maxNights: Nullable(t.Number()),
  needsWeekend: t.Boolean(),
});
export type TravelWindow = Static<typeof TravelWindow>;

/** Twice the name limit: a longer name reaches the rule, which answers in its own words. */
export const TravelWindowRequest = t.Object(
  { name: t.String({ maxLength: MAX_WINDOW_NAME * 2 }), startDate: IsoDate, endDate: IsoDate, minNights: Nights, maxNights: Nights, needsWeekend: t.Boolean() },
  strict,
);
export type TravelWindowRequest = Static<typeof TravelWindowRequest>;

export const WindowPreset = t.Object({ name: t.String(), startDate: t.String(), endDate: t.String() });
export type WindowPreset = Static<typeof WindowPreset>;

export const AlertRule = t.Union([t.Literal("all"), t.Literal("windows")]);
export type AlertRule = Static<typeof AlertRule>;

export const AlertDelivery = t.Union([t.Literal("instant"), t.Literal("daily"), t.Literal("weekly")]);
export type AlertDelivery = Static<typeof AlertDelivery>;

export const AlertSettings = t.Object(
  {
    /** 'all': every deal that fits the preferences; 'windows': only deals that fit a travel window. */
    rule: AlertRule,
    /** With rule 'windows': still send deals 50 % or more below typical. */
    exceptional: t.Boolean(),
    /** How alert emails arrive; pushes are always instant. */
    delivery: AlertDelivery,
    /** Local hour of the daily digest (weekly: Saturdays at that hour). */
    digestHour: Hour,
    timeZone: t.String({ maxLength: 64 }),
    /** Instant alerts wait from quietStart to quietEnd (local hours); equal hours turn quiet hours off. */
    quietStart: Hour,
    quietEnd: Hour,
    /** Instant alerts a day at most. */
    dailyCap: t.Integer({ minimum: 1, maximum: 50 }),
  },
  strict,
);
export type AlertSettings = Static<typeof AlertSettings>;

export const PushDevice = t.Object({ id: t.Number(), label: t.String(), createdAt: t.String() });
export type PushDevice = Static<typeof PushDevice>;

/** What PushSubscription.toJSON() gives, plus a label; the endpoint must be https (loopback only in tests). */
export const PushSubscribeRequest = t.Object(
  {
    endpoint: t.String({ minLength: 1, maxLength: 1000 }),
    expirationTime: t.Optional(Nullable(t.Number())),
    keys: t.Object({ p256dh: t.String({ minLength: 1, maxLength: 200 }), auth: t.String({ minLength: 1, maxLength: 100 }) }, strict),
    label: t.String({ maxLength: 80 }),
  },
  strict,
);
export type PushSubscribeRequest = Static<typeof PushSubscribeRequest>;

export const Snooze = t.Object({ destination: t.String(), city: t.String(), until: t.String() });
export type Snooze = Static<typeof Snooze>;

export const SnoozeRequest = t.Object({ destination: t.String({ minLength: 3, maxLength: 3 }) }, strict);
export type SnoozeRequest = Static<typeof SnoozeRequest>;

/** Everything the alert settings show, in one answer. */
export const AlertsOverview = t.Object({
  settings: AlertSettings,
  windows: t.Array(TravelWindow),
  presets: t.Array(WindowPreset),
  devices: t.Array(PushDevice),
  snoozes: t.Array(Snooze),
  /** The VAPID public key, base64url: what PushManager.subscribe needs as applicationServerKey. */
  pushPublicKey: t.String(),
});
export type AlertsOverview = Static<typeof AlertsOverview>;
