/** From an alert to a booked trip (issue 17): shared deals (member and public views) and booked trips. */
import { type Static, Type as t } from "@sinclair/typebox";
import { Nullable, strict } from "./common.ts";

const DealId = t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const CreateShareRequest = t.Object({ dealId: DealId }, strict);
export type CreateShareRequest = Static<typeof CreateShareRequest>;

/** One of the member's shared links, as their list of links shows it. */
export const DealShare = t.Object({
  id: t.String(),
  /** The public page, absolute. */
  url: t.String(),
  dealId: t.Number(),
  destination: t.String(),
  destinationCity: t.String(),
  travelDates: t.String(),
  price: t.Number(),
  ended: t.Boolean(),
  createdAt: t.String(),
});
export type DealShare = Static<typeof DealShare>;
export const DealShareList = t.Array(DealShare);

/** A booking button on the public page. */
export const ShareLink = t.Object({ label: t.String(), url: t.String() });

/** The public page /deals/<id>: the deal only, nothing about the member who shared it. */
export const SharedDeal = t.Object({
  destination: t.String(),
  destinationCity: t.String(),
  airline: t.String(),
  travelDates: t.String(),
  departDate: t.String(),
  returnDate: Nullable(t.String()),
  tripType: t.String(),
  seatClass: t.String(),
  nonstop: t.Boolean(),
  price: t.Number(),
  typicalLow: t.Number(),
  typicalHigh: t.Number(),
  typicalPrice: t.Number(),
  percentBelowTypical: t.Number(),
  /** ISO instant of the last fare check. */
  lastCheckedAt: t.String(),
  /** The same in words, in the reader's zone (a signed-in member's own, RDU's for a visitor): 'Sun, Nov 22, 10:00 am EST'. */
  lastChecked: t.String(),
  /** The fare is gone (it rose, or the trip has begun): the page says so plainly. */
  ended: t.Boolean(),
  /** The deal's one primary action and at most one other place to look (decision 108). */
  primaryLink: ShareLink,
  secondaryLink: Nullable(ShareLink),
  /** Absolute URLs for link previews. */
  pageUrl: t.String(),
  imageUrl: t.String(),
});
export type SharedDeal = Static<typeof SharedDeal>;

export const BookTripRequest = t.Object(
  {
    dealId: DealId,
    /** What the member paid, when they say; otherwise the watch measures from the deal's price. */
    pricePaid: t.Optional(Nullable(t.Number({ minimum: 1, maximum: 100_000 }))),
  },
  strict,
);
export type BookTripRequest = Static<typeof BookTripRequest>;

export const BookedTrip = t.Object({
  id: t.Number(),
  dealId: t.Number(),
  destination: t.String(),
  destinationCity: t.String(),
  airline: t.String(),
  travelDates: t.String(),
  dealPrice: t.Number(),
  pricePaid: Nullable(t.Number()),
  bookedAt: t.String(),
  /** 'due': the 24-hour reminder is queued; 'sent'; 'none': the booking was under 7 days before departure. */
  reminder: t.Union([t.Literal("due"), t.Literal("sent"), t.Literal("none")]),
  reminderDueAt: Nullable(t.String()),
  /** 'watching' until the trip departs; 'ended' after. */
  watch: t.Union([t.Literal("watching"), t.Literal("ended")]),
  /** The fare further drops are measured from (lowered by each drop the member was told about). */
  watchPrice: t.Number(),
  dropAlerts: t.Number(),
});
export type BookedTrip = Static<typeof BookedTrip>;
export const BookedTripList = t.Array(BookedTrip);
