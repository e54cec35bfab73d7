import { describe, expect, test } from "bun:test";
import {
  dealAlertEmail,
  dealAlertSkeleton,
  MAX_DEALS_IN_ALERT,
  personalizeDealAlert,
  type AlertedDeal,
  type DealAlertInput,
  type DealAlertPersonal,
} from "../../src/server/mail/templates/deal-alert.ts";

function deal(fields: Partial<AlertedDeal> = {}): AlertedDeal {
  return {
    destination: "LHR",
    city: "London (Heathrow)",
    price: 498,
    tripType: "Round Trip",
    travelDates: "Tue, Jan 19 - Tue, Jan 26, 2027",
    airline: "British Airways",
    nonstop: false,
    percentBelowTypical: 45,
    typicalPrice: 905,
    typicalLow: 780,
    typicalHigh: 1100,
    comparedWith: "week-long trips to London (Heathrow) in January",
    evidence: "Cheaper than 99.6% of fares we've seen over 120 days for week-long trips to London (Heathrow) in January.",
    lastChecked: "Sun, Nov 22, 10:00 am EST",
    tier: "great",
    links: {
      primary: { kind: "google-flights", label: "Search British Airways on Google Flights", url: "https://www.google.com/travel/flights/search?tfs=ba" },
      secondary: { kind: "airline-site", label: "Visit britishairways.com", url: "https://www.britishairways.com/" },
    },
    snoozeUrl: "https://gordu.example/snooze?token=abc&destination=LHR",
    ...fields,
  };
}

const input = (deals: AlertedDeal[], fields: Partial<DealAlertInput> = {}): DealAlertInput => ({
  firstName: "Ana",
  email: "ana@example.com",
  deals,
  dashboardUrl: "https://gordu.example/dashboard",
  howWeFindDealsUrl: "https://gordu.example/how-we-find-deals",
  unsubscribeUrl: "https://gordu.example/unsubscribe?token=abc",
  settingsUrl: "https://gordu.example/dashboard#alerts",
  supportEmail: "support@gordu.example",
  ...fields,
});

describe("the deal alert email", () => {
  test("for one deal, says price, destination and how far below typical in the subject", () => {
    const email = dealAlertEmail(input([deal()]));
    expect(email.subject).toBe("$498 round trip to London (Heathrow), 45% below typical");
    expect(email.text).toContain("London (Heathrow) (LHR): $498 round trip, 45% below typical");
    expect(email.text).toContain(
      "Tue, Jan 19 - Tue, Jan 26, 2027 · British Airways · With stops · Save $407: the typical fare is $905 (usually $780–$1,100 for week-long trips to London (Heathrow) in January)",
    );
    // The evidence the decision used, when it was last checked, and the published rule.
    expect(email.text).toContain(
      "Cheaper than 99.6% of fares we've seen over 120 days for week-long trips to London (Heathrow) in January. Last checked Sun, Nov 22, 10:00 am EST.",
    );
    expect(email.text).toContain("How we find deals: https://gordu.example/how-we-find-deals");
    expect(email.html).toContain('href="https://gordu.example/how-we-find-deals"');
    expect(email.html).toContain("Save $407: the typical fare is $905, 45% below");
    expect(email.html).toContain("Great deal");
    // The deal's one primary action and the airline's own site (decision 108), and no second Google Flights button.
    expect(email.html).toContain("Search British Airways on Google Flights");
    expect(email.text).toContain("Search British Airways on Google Flights: https://www.google.com/travel/flights/search?tfs=ba");
    expect(email.html).toContain('href="https://www.britishairways.com/"');
    expect(email.text).toContain("Visit britishairways.com: https://www.britishairways.com/");
    expect(email.html.match(/Google Flights</g)).toHaveLength(1);
    expect(email.html).toContain("See your deals");
    expect(email.html).toContain('href="https://gordu.example/unsubscribe?token=abc"');
  });

  test("groups several deals, biggest saving first, and points to the dashboard beyond ten", () => {
    const deals = Array.from({ length: 12 }, (_, i) => deal({ destination: `D${i}`, city: `City ${i}`, price: 100 + i, percentBelowTypical: 20 + i }));
    const email = dealAlertEmail(input(deals));
    expect(email.subject).toBe("12 new deals from RDU: City 11 $111, City 10 $110 and more");
    expect(email.text.indexOf("City 11")).toBeLessThan(email.text.indexOf("City 10"));
    expect(email.text).not.toContain("City 0 (D0)");
    expect(email.text).toContain(`…and ${12 - MAX_DEALS_IN_ALERT} more on your dashboard.`);
  });

  test("keeps whatever a user typed as text in the HTML", () => {
    const email = dealAlertEmail(input([deal()], { firstName: "<img src=x onerror=alert(1)>" }));
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  test("greets by address when there is no first name", () => {
    expect(dealAlertEmail(input([deal()], { firstName: "" })).text.startsWith("Hi ana@example.com,")).toBe(true);
  });
});

describe("every alert email links to the alert settings and can snooze each destination", () => {
  test("in the text and the HTML", () => {
    const email = dealAlertEmail(input([deal()]));
    expect(email.text).toContain("Alert settings (travel windows, digests, quiet hours): https://gordu.example/dashboard#alerts");
    expect(email.text).toContain("Snooze London (Heathrow) for 30 days: https://gordu.example/snooze?token=abc&destination=LHR");
    expect(email.html).toContain('href="https://gordu.example/dashboard#alerts"');
    expect(email.html).toContain('href="https://gordu.example/snooze?token=abc&amp;destination=LHR"');
  });

  test("a digest ranks the deals by savings in dollars under its own subject", () => {
    const cheap = deal({ city: "Boston", destination: "BOS", price: 80, typicalPrice: 200, percentBelowTypical: 60 });
    const big = deal({ city: "Paris", destination: "CDG", price: 500, typicalPrice: 900, percentBelowTypical: 44 });
    const email = dealAlertEmail(input([cheap, big], { digest: true }));
    expect(email.subject).toBe("Your GoRDU digest: 2 deals from RDU, from $500 to Paris");
    expect(email.text.indexOf("Paris")).toBeLessThan(email.text.indexOf("Boston"));
  });
});

describe("an alert rendered once per group and filled in per member (decision 122)", () => {
  const deals = [deal(), deal({ destination: "MCO", city: "Orlando", price: 89, percentBelowTypical: 52, tier: "exceptional" })];
  const { firstName: _name, email: _email, unsubscribeUrl: _unsubscribe, ...shared } = input(deals);
  const sharedParts = { ...shared, deals: deals.map(({ snoozeUrl: _snooze, ...rest }) => rest) };

  const members: DealAlertPersonal[] = [
    {
      firstName: "Ana",
      email: "ana@example.com",
      unsubscribeUrl: "https://gordu.example/unsubscribe?token=aaaa",
      snoozeUrls: { LHR: "https://gordu.example/snooze?token=aaaa&destination=LHR", MCO: "https://gordu.example/snooze?token=aaaa&destination=MCO" },
    },
    // Markup, quotes, replacement patterns and a slot's own look in what a member typed: escaped as a whole render escapes them.
    {
      firstName: `<b>"Bo" & 'Cy'</b> $& $1 \0email\0 \0unsubscribe\0`,
      email: "bo+<x>@example.com",
      unsubscribeUrl: "https://gordu.example/unsubscribe?token=b&c=<d>",
      snoozeUrls: { LHR: 'https://gordu.example/snooze?token=b"&destination=LHR', MCO: "https://gordu.example/snooze?token=b'&destination=MCO" },
    },
    { firstName: "", email: "no-name@example.com", unsubscribeUrl: "https://gordu.example/u", snoozeUrls: { LHR: "https://s/1", MCO: "https://s/2" } },
  ];

  test("each member's copy is byte for byte the email rendered whole with their own values", () => {
    const skeleton = dealAlertSkeleton(sharedParts)!;
    for (const member of members) {
      const whole = dealAlertEmail({
        ...shared,
        deals: deals.map((d) => ({ ...d, snoozeUrl: member.snoozeUrls[d.destination]! })),
        firstName: member.firstName,
        email: member.email,
        unsubscribeUrl: member.unsubscribeUrl,
      });
      expect(personalizeDealAlert(skeleton, member)).toEqual(whole);
    }
  });

  test("no member's value is left in the skeleton, and a shared text holding a NUL is rendered whole instead", () => {
    const skeleton = dealAlertSkeleton(sharedParts)!;
    expect(`${skeleton.text}${skeleton.html}`).not.toContain("aaaa");
    expect(skeleton.html).not.toContain("Ana");
    expect(dealAlertSkeleton({ ...sharedParts, deals: [{ ...sharedParts.deals[0]!, city: "Lon\0name\0don" }] })).toBeNull();
  });
});
