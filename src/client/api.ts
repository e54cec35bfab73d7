import type { AlertSettings, AlertsOverview, PushDevice, PushSubscribeRequest, Snooze, TravelWindow, TravelWindowRequest } from "../domain/api/alerts.ts";
import type { AdminUser, AdminUserList, AdminUserUpdate, AuditEntry, OperationsOverview } from "../domain/api/admin.ts";
import type {
  ConfirmTestSetupRequest,
  CreateSubscriptionResult,
  RejoinRequest,
  SignupOutcome,
  StartSignupRequest,
  SubscriptionChanged,
  SubscriptionInfo,
} from "../domain/api/billing.ts";
import type { OkResponse } from "../domain/api/common.ts";
import type { ReferralSummary } from "../domain/api/referrals.ts";
import type { DealRuleExampleAnswer, FlightDeal, PricePoint, RecentDealDetail, RecentDealList, ScanStatus } from "../domain/api/deals.ts";
import type { ContactRequest, PublicConfig } from "../domain/api/site.ts";
import type { BookedTrip, BookTripRequest, DealShare, SharedDeal } from "../domain/api/trips.ts";
import type { ChangePasswordRequest, CurrentUser, LoginRequest, ProfileUpdate, ResetPasswordRequest } from "../domain/api/users.ts";
import { browserFetch, type ApiFetch } from "./api-fetch.ts";

/**
 * A non-OK answer. `message` is "<status>: <text>", the status text when the body was empty (docs/product-rules.md §8);
 * `serverMessage` is only what the server said, "" when it said nothing, so a toast can fall back to its own words.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    statusText = "",
  ) {
    super(`${status}: ${serverMessage || statusText}`);
  }
}

async function call<T>(fetcher: ApiFetch, method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { accept: "application/json" } };
  if (body !== undefined) {
    init.headers = { ...init.headers, "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetcher(path, init);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorText(text), response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

function errorText(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // not JSON: the text is the message
  }
  return text;
}

export function createApi(fetcher: ApiFetch) {
  return {
    /** The signed-in user, or null when nobody is signed in. */
    me: async (): Promise<CurrentUser | null> => {
      try {
        return await call<CurrentUser>(fetcher, "GET", "/api/me");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    publicConfig: () => call<PublicConfig>(fetcher, "GET", "/api/app-config"),
    contact: (message: ContactRequest) => call<OkResponse>(fetcher, "POST", "/api/contact", message),

    login: (input: LoginRequest) => call<OkResponse>(fetcher, "POST", "/api/login", input),
    logout: () => call<OkResponse>(fetcher, "POST", "/api/logout"),
    forgotPassword: (email: string) => call<OkResponse>(fetcher, "POST", "/api/forgot-password", { email }),
    resetPassword: (input: ResetPasswordRequest) => call<OkResponse>(fetcher, "POST", "/api/reset-password", input),
    changePassword: (input: ChangePasswordRequest) => call<OkResponse>(fetcher, "POST", "/api/change-password", input),
    updateProfile: (profile: ProfileUpdate) => call<CurrentUser>(fetcher, "PUT", "/api/profile", profile),
    updatePreferences: (preferences: { emailAlerts: boolean }) => call<CurrentUser>(fetcher, "PUT", "/api/preferences", preferences),

    /** Signing up (decision 097): the details, then the code emailed to the address, then the card. */
    startSignup: (request: StartSignupRequest) => call<OkResponse>(fetcher, "POST", "/api/start-signup", request),
    createSubscription: (code: string) => call<CreateSubscriptionResult>(fetcher, "POST", "/api/create-subscription", { code }),
    /** Signs in, or offers the paid plan when this card or address had its free trial (decision 098); `paidPlan` accepts it. */
    completeSubscription: (email: string, paidPlan = false) =>
      call<SignupOutcome>(fetcher, "POST", "/api/complete-subscription", paidPlan ? { email, paidPlan } : { email }),
    completeCheckout: (sessionId: string, paidPlan = false) =>
      call<SignupOutcome>(fetcher, "POST", "/api/complete-checkout", paidPlan ? { sessionId, paidPlan } : { sessionId }),
    subscription: () => call<SubscriptionInfo>(fetcher, "GET", "/api/subscription"),
    referrals: () => call<ReferralSummary>(fetcher, "GET", "/api/referrals"),
    cancelSubscription: () => call<SubscriptionChanged>(fetcher, "POST", "/api/cancel-subscription"),
    /** A member's own pause (decision 133): 1, 2 or 3 months, once in twelve; Resume now ends it early. */
    pauseSubscription: (months: number) => call<SubscriptionChanged>(fetcher, "POST", "/api/pause-subscription", { months }),
    resumeSubscription: () => call<SubscriptionChanged>(fetcher, "POST", "/api/resume-subscription"),
    /** A cancelled, ended or paused member comes back; `message` says what was done and charged. */
    rejoin: (input: RejoinRequest) => call<SubscriptionChanged>(fetcher, "POST", "/api/rejoin", input),
    createPaymentUpdateIntent: () => call<{ clientSecret: string }>(fetcher, "POST", "/api/create-payment-update-intent"),
    completePaymentUpdate: (clientSecret: string) => call<SubscriptionInfo>(fetcher, "POST", "/api/complete-payment-update", { clientSecret }),
    /** Test billing only: what Stripe.js would do with the card. */
    confirmTestSetup: (input: ConfirmTestSetupRequest) => call<{ status: "succeeded" }>(fetcher, "POST", "/api/test-billing/confirm-setup", input),

    /** Flight deals (docs/product-rules.md §7): the subscriber's own list, newest first; 401 signed out, 403 without access. */
    flightDeals: () => call<FlightDeal[]>(fetcher, "GET", "/api/flight-deals"),
    scanStatus: () => call<ScanStatus>(fetcher, "GET", "/api/flight-deals/scan-status"),
    /** Opening a deal's details: it is no longer new. */
    clickDeal: (id: number) => call<OkResponse>(fetcher, "POST", `/api/flight-deals/${id}/click`),
    deleteDeal: (id: number) => call<OkResponse>(fetcher, "DELETE", `/api/flight-deals/${id}`),
    /** The route's cheapest price per day over the last 90 days. */
    dealHistory: (id: number) => call<PricePoint[]>(fetcher, "GET", `/api/flight-deals/${id}/history`),
    /** The method page's example of the rule on one real deal; null until a deal has enough history. */
    dealRuleExample: () => call<DealRuleExampleAnswer>(fetcher, "GET", "/api/deal-rule-example"),
    /** Deals found in the last 30 days that visitors may see (decision 134), and one of them drawn. */
    recentDeals: (limit?: number) => call<RecentDealList>(fetcher, "GET", limit ? `/api/recent-deals?limit=${limit}` : "/api/recent-deals"),
    recentDeal: (id: string) => call<RecentDealDetail>(fetcher, "GET", `/api/recent-deals/${encodeURIComponent(id)}`),

    /** Shared deals (issue 17): the public page's data (404 once revoked), and the member's links. */
    sharedDeal: (id: string) => call<SharedDeal>(fetcher, "GET", `/api/shared-deals/${encodeURIComponent(id)}`),
    shareDeal: (dealId: number) => call<DealShare>(fetcher, "POST", "/api/deal-shares", { dealId }),
    dealShares: () => call<DealShare[]>(fetcher, "GET", "/api/deal-shares"),
    revokeShare: (id: string) => call<OkResponse>(fetcher, "DELETE", `/api/deal-shares/${encodeURIComponent(id)}`),
    /** Booked trips: the 24-hour reminder and the fare watch. */
    bookTrip: (request: BookTripRequest) => call<BookedTrip>(fetcher, "POST", "/api/booked-trips", request),
    bookedTrips: () => call<BookedTrip[]>(fetcher, "GET", "/api/booked-trips"),
    removeBookedTrip: (id: number) => call<OkResponse>(fetcher, "DELETE", `/api/booked-trips/${id}`),
    /** Alert settings: travel windows and presets, the rule, delivery, quiet hours, the cap, push devices and snoozes. */
    alerts: () => call<AlertsOverview>(fetcher, "GET", "/api/alerts"),
    updateAlertSettings: (settings: AlertSettings) => call<AlertSettings>(fetcher, "PUT", "/api/alert-settings", settings),
    addTravelWindow: (window: TravelWindowRequest) => call<TravelWindow>(fetcher, "POST", "/api/travel-windows", window),
    removeTravelWindow: (id: number) => call<OkResponse>(fetcher, "DELETE", `/api/travel-windows/${id}`),
    addPushDevice: (subscription: PushSubscribeRequest) => call<PushDevice>(fetcher, "POST", "/api/push-devices", subscription),
    removePushDevice: (id: number) => call<OkResponse>(fetcher, "DELETE", `/api/push-devices/${id}`),
    snooze: (destination: string) => call<Snooze>(fetcher, "POST", "/api/snoozes", { destination }),
    unsnooze: (destination: string) => call<OkResponse>(fetcher, "DELETE", `/api/snoozes/${destination}`),

    /** Admin (docs/product-rules.md §7): every call answers 401 to visitors and 403 to non-admins. */
    adminUsers: (search = "") => call<AdminUserList>(fetcher, "GET", `/api/admin/users${search ? `?search=${encodeURIComponent(search)}` : ""}`),
    updateUser: (id: number, update: AdminUserUpdate) => call<AdminUser>(fetcher, "PUT", `/api/admin/users/${id}`, update),
    adminCancelSubscription: (id: number) => call<OkResponse & { user: AdminUser }>(fetcher, "POST", `/api/admin/users/${id}/cancel-subscription`),
    /** `message` says which kind of reactivation happened (resumed, pending cancel undone, or a new subscription). */
    adminReactivateSubscription: (id: number) =>
      call<OkResponse & { message: string; user: AdminUser }>(fetcher, "POST", `/api/admin/users/${id}/reactivate-subscription`),
    deleteUser: (id: number) => call<OkResponse>(fetcher, "DELETE", `/api/admin/users/${id}`),
    auditLog: () => call<AuditEntry[]>(fetcher, "GET", "/api/admin/audit-log"),
    operations: () => call<OperationsOverview>(fetcher, "GET", "/api/admin/operations"),
    retryEmail: (id: number) => call<OkResponse>(fetcher, "POST", `/api/admin/outbox/${id}/retry`),
    markContactMessage: (id: number, read: boolean) => call<OkResponse>(fetcher, "POST", `/api/admin/contact-messages/${id}/read`, { read }),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The API as the browser reaches it; components use this, loaders use the one from their context. */
export const api = createApi(browserFetch);
