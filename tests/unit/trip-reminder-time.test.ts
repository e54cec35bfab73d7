/**
 * When the 24-hour free-cancellation reminder goes (decision 110): the latest moment that leaves two hours before the
 * deadline and is outside the member's quiet hours, in their own zone, half an hour before quiet hours begin at the
 * latest; checked by example and against a minute-by-minute search.
 */
import { describe, expect, test } from "bun:test";
import { type QuietHours, reminderDueAt, reminderTime } from "../../src/domain/booked-trips.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EASTERN: QuietHours = { timeZone: "America/New_York", quietStart: 22, quietEnd: 7 };
const at = (iso: string) => new Date(iso);
const due = (bookedAtIso: string, quiet: QuietHours) => reminderTime(at(bookedAtIso), quiet).toISOString();

describe("the free-cancellation reminder's time", () => {
  test("booked at 6:49 am ET with quiet hours 10 pm to 7 am: 9:30 pm that evening, not 4:49 am inside them", () => {
    // 11:49Z is 6:49 am EST; the deadline is 6:49 am the next day; two hours before is 4:49 am, inside quiet hours.
    expect(due("2026-11-22T11:49:00Z", EASTERN)).toBe("2026-11-23T02:30:00.000Z"); // 9:30 pm EST
  });

  test("outside quiet hours: two hours before the deadline, 22 hours after booking", () => {
    expect(due("2026-11-22T15:00:00Z", EASTERN)).toBe("2026-11-23T13:00:00.000Z"); // 8:00 am EST
    // Two hours before the deadline is 7:00 am, the minute quiet hours end.
    expect(due("2026-11-22T14:00:00Z", EASTERN)).toBe("2026-11-23T12:00:00.000Z");
    // 6:59 am is still quiet: the evening before.
    expect(due("2026-11-22T13:59:00Z", EASTERN)).toBe("2026-11-23T02:30:00.000Z");
  });

  test("within half an hour of quiet hours beginning, it goes at half an hour before them", () => {
    // Two hours before the deadline is 9:45 pm: 9:30 pm.
    expect(due("2026-11-23T04:45:00Z", EASTERN)).toBe("2026-11-24T02:30:00.000Z");
    // 9:30 pm itself is allowed.
    expect(due("2026-11-23T04:30:00Z", EASTERN)).toBe("2026-11-24T02:30:00.000Z");
    expect(due("2026-11-23T04:29:00Z", EASTERN)).toBe("2026-11-24T02:29:00.000Z");
  });

  test("quiet hours within the day (1 pm to 3 pm) and none at all (equal hours)", () => {
    const nap: QuietHours = { timeZone: "America/New_York", quietStart: 13, quietEnd: 15 };
    // Booked 4:30 pm EST; two hours before the deadline is 2:30 pm, inside: 12:30 pm.
    expect(due("2026-11-22T21:30:00Z", nap)).toBe("2026-11-23T17:30:00.000Z");
    const none: QuietHours = { timeZone: "America/New_York", quietStart: 0, quietEnd: 0 };
    expect(due("2026-11-22T11:49:00Z", none)).toBe("2026-11-23T09:49:00.000Z");
  });

  test("in the member's own zone: Los Angeles, Honolulu, Paris, Kolkata", () => {
    // 6:49 am PST → 9:30 pm PST.
    expect(due("2026-11-22T14:49:00Z", { ...EASTERN, timeZone: "America/Los_Angeles" })).toBe("2026-11-23T05:30:00.000Z");
    // The same instant is 4:49 am in Honolulu, inside quiet hours there: the evening before the deadline's night.
    expect(due("2026-11-22T14:49:00Z", { ...EASTERN, timeZone: "Pacific/Honolulu" })).toBe("2026-11-23T07:30:00.000Z");
    // 6:49 am CET → 9:30 pm CET.
    expect(due("2026-11-22T05:49:00Z", { ...EASTERN, timeZone: "Europe/Paris" })).toBe("2026-11-22T20:30:00.000Z");
    // 6:49 am IST (UTC+5:30) → 9:30 pm IST.
    expect(due("2026-11-22T01:19:00Z", { ...EASTERN, timeZone: "Asia/Kolkata" })).toBe("2026-11-22T16:00:00.000Z");
    // An ET member's 8 am reminder is 5 am for the same booking in Los Angeles, inside quiet hours there.
    expect(due("2026-11-22T15:00:00Z", EASTERN)).toBe("2026-11-23T13:00:00.000Z");
    expect(due("2026-11-22T15:00:00Z", { ...EASTERN, timeZone: "America/Los_Angeles" })).toBe("2026-11-23T05:30:00.000Z");
  });

  test("on the days the clocks change", () => {
    // US clocks go back on 1 Nov 2026. Booked 6:49 am EDT on 31 Oct: 9:30 pm EDT that evening.
    expect(due("2026-10-31T10:49:00Z", EASTERN)).toBe("2026-11-01T01:30:00.000Z");
    // Booked 11 pm EDT on 31 Oct: the deadline is 10 pm EST on 1 Nov (25 wall hours later); 8 pm EST is allowed.
    expect(due("2026-11-01T03:00:00Z", EASTERN)).toBe("2026-11-02T01:00:00.000Z");
    // US clocks go forward on 14 Mar 2027; quiet hours from 2 am (skipped) to 8 am begin at the jump, 3 am EDT.
    const early: QuietHours = { timeZone: "America/New_York", quietStart: 2, quietEnd: 8 };
    // Booked 7 am EST on 13 Mar; two hours before the deadline is 6 am EDT, inside: 1:30 am EST.
    expect(due("2027-03-13T12:00:00Z", early)).toBe("2027-03-14T06:30:00.000Z");
    // Paris goes forward on 28 Mar 2027: booked 6:49 am CET on 27 Mar → 9:30 pm CET.
    expect(due("2027-03-27T05:49:00Z", { ...EASTERN, timeZone: "Europe/Paris" })).toBe("2027-03-27T20:30:00.000Z");
  });

  test("when quiet hours leave no moment in time, the earliest sensible one: as they end if 30 minutes are left, else two hours before", () => {
    // Quiet from 11 pm to 10 pm: awake only 10 to 11 pm. Booked 9:45 pm EST: 10:30 pm tonight is under an hour away,
    // and tomorrow's 10 pm is past the deadline: two hours before it.
    const long: QuietHours = { timeZone: "America/New_York", quietStart: 23, quietEnd: 22 };
    expect(due("2026-11-23T02:45:00Z", long)).toBe("2026-11-24T00:45:00.000Z");
    // Booked 10:15 pm: 10:30 pm is still too soon, tomorrow's 10 pm is 15 minutes before the deadline: two hours before.
    expect(due("2026-11-23T03:15:00Z", long)).toBe("2026-11-24T01:15:00.000Z");
    // Quiet from 9 pm to 8 pm (awake 8 to 9 pm). Booked 8:50 pm: quiet hours end at 8 pm tomorrow, 50 minutes before the deadline.
    const longer: QuietHours = { timeZone: "America/New_York", quietStart: 21, quietEnd: 20 };
    expect(due("2026-11-23T01:50:00Z", longer)).toBe("2026-11-24T01:00:00.000Z");
  });

  test("is not owed for a booking under 7 days before departure (counted at RDU)", () => {
    expect(reminderDueAt(at("2026-11-22T15:00:00Z"), "2026-11-28", EASTERN)).toBeNull();
    expect(reminderDueAt(at("2026-11-22T15:00:00Z"), "2026-11-29", EASTERN)?.toISOString()).toBe("2026-11-23T13:00:00.000Z");
  });
});

/** The local hour by Intl's calendar fields, apart from the code under test. */
function hourReader(timeZone: string) {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", hour: "numeric" });
  return (ms: number) => Number(format.format(new Date(ms)));
}

/** The rule by search: every minute from two hours before the deadline back to an hour after booking. */
function searched(bookedAt: number, quiet: QuietHours): number {
  const hour = hourReader(quiet.timeZone);
  const deadline = bookedAt + 24 * HOUR;
  // quietAt[m]: is the minute m minutes after booking inside quiet hours?
  const quietAt = Array.from({ length: 24 * 60 + 31 }, (_, minute) => {
    const local = hour(bookedAt + minute * MINUTE);
    if (quiet.quietStart < quiet.quietEnd) return local >= quiet.quietStart && local < quiet.quietEnd;
    return quiet.quietStart > quiet.quietEnd && (local >= quiet.quietStart || local < quiet.quietEnd);
  });
  const isFree = (minute: number) => quietAt.slice(minute, minute + 30).every((quietThen) => !quietThen);
  for (let minute = 22 * 60; minute >= 60; minute -= 1) if (isFree(minute)) return bookedAt + minute * MINUTE;
  for (let minute = 60; minute <= 24 * 60 - 30; minute += 1) if (quietAt[minute - 1] && !quietAt[minute]) return bookedAt + minute * MINUTE;
  return deadline - 2 * HOUR;
}

describe("the reminder's time against a minute-by-minute search", () => {
  const zones = ["America/New_York", "America/Los_Angeles", "Pacific/Honolulu", "Europe/Paris", "Asia/Kolkata", "Australia/Lord_Howe"];
  const quietSettings: [number, number][] = [
    [22, 7],
    [0, 6],
    [13, 15],
    [1, 3],
    [20, 19],
  ];
  // Around the 2026–27 clock changes of these zones (US, EU, Lord Howe) and one ordinary day, every 7 hours 13 minutes.
  const days = ["2026-03-07", "2026-03-28", "2026-10-03", "2026-10-24", "2026-10-31", "2026-11-22", "2027-04-03"];

  test("agrees in every zone, quiet-hour setting and booking time tried", () => {
    let cases = 0;
    for (const day of days) {
      for (let offset = 0; offset < 48 * HOUR; offset += 7 * HOUR + 13 * MINUTE) {
        const bookedAt = Date.parse(`${day}T00:00:00Z`) + offset;
        const zone = zones[cases % zones.length]!;
        const [quietStart, quietEnd] = quietSettings[cases % quietSettings.length]!;
        const quiet = { timeZone: zone, quietStart, quietEnd };
        expect({ zone, quietStart, quietEnd, bookedAt: new Date(bookedAt).toISOString(), due: reminderTime(new Date(bookedAt), quiet).toISOString() }).toEqual({
          zone,
          quietStart,
          quietEnd,
          bookedAt: new Date(bookedAt).toISOString(),
          due: new Date(searched(bookedAt, quiet)).toISOString(),
        });
        cases += 1;
      }
    }
    expect(cases).toBeGreaterThan(40);
  });
});
