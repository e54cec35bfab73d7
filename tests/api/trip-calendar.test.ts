import { describe, expect, test } from "bun:test";
import { googleCalendarUrl } from "../../src/domain/trip-calendar.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

/** Unfolds RFC 5545 content lines (a line starting with a space continues the one before). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe("Add to calendar", () => {
  test("a member downloads the trip as a tentative all-day event with the booking links", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const deal = insertDeal(t, { destination: "LHR", airline: "British Airways", departDate: "2027-01-10", returnDate: "2027-01-17" });

    const response = await t.request("GET", `/api/flight-deals/${deal.id}/calendar.ics`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="gordu-lhr-2027-01-10.ics"');
    const ics = unfold(await response.text());
    expect(ics).toStartWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("STATUS:TENTATIVE");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270110");
    // DTEND of an all-day event is the day after the last one.
    expect(ics).toContain("DTEND;VALUE=DATE:20270118");
    expect(ics).toContain("SUMMARY:Trip to London (Heathrow) (RDU → LHR)");
    // The deal's two links (decision 108): Google Flights' search for British Airways, and its own site; not Google Flights twice.
    expect(ics).toContain("Search British Airways on Google Flights: https://www.google.com/travel/flights/search?tfs=");
    expect(ics).toContain("Visit britishairways.com: https://www.britishairways.com/");
    expect(ics.match(/Google Flights:/g)).toHaveLength(1);
    expect(ics).toContain("END:VCALENDAR");
  });

  test("signed out: 401; a deal outside the member's list: 404", async () => {
    const t = createTestApp();
    const user = await createUser(t, { preferences: { destinations: ["CDG"], maxPrice: 500, nonstopOnly: false } });
    const cookie = await signIn(t, user.email);
    const deal = insertDeal(t, { destination: "LAX" });
    expect((await t.request("GET", `/api/flight-deals/${deal.id}/calendar.ics`)).status).toBe(401);
    expect((await t.request("GET", `/api/flight-deals/${deal.id}/calendar.ics`, { cookie })).status).toBe(404);
    expect((await t.request("GET", "/api/flight-deals/abc/calendar.ics", { cookie })).status).toBe(404);
  });

  test("Google Calendar's add-event link holds the same dates and title", () => {
    const url = new URL(
      googleCalendarUrl({
        destination: "LHR",
        destinationCity: "London",
        airline: "British Airways",
        departDate: "2027-01-10",
        returnDate: "2027-01-17",
        links: { primary: { kind: "google-flights", label: "Google Flights", url: "https://www.google.com/travel/flights" }, secondary: null },
      }),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20270110/20270118");
    expect(url.searchParams.get("text")).toBe("Trip to London (RDU → LHR)");
    expect(url.searchParams.get("details")).toContain("Google Flights: https://www.google.com/travel/flights");
  });
});
