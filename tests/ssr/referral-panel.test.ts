/** The dashboard's referral panel (decision 135) as the server sends it. */
import { describe, expect, test } from "bun:test";
import { referrals } from "../../db/schema.ts";
import { renderPage, sessionCookie } from "../support/html.ts";
import { createTestApp } from "../support/test-app.ts";
import { addMember } from "../support/world/world.ts";

const t = createTestApp();
const texts = (elements: { text: string }[]) => elements.map((element) => element.text);

describe("the referral panel, server-rendered", () => {
  test("the member's own link (a random code, no id or address), a Copy button and the counts", async () => {
    const member = await addMember(t);
    const friends = await Promise.all([addMember(t), addMember(t), addMember(t)]);
    const now = t.clock.now();
    const statuses = ["rewarded", "joined", "reversed"] as const;
    friends.forEach((friend, i) => {
      t.db.insert(referrals).values({ referrerUserId: member.id, referredUserId: friend.id, status: statuses[i]!, createdAt: now }).run();
    });

    const page = await renderPage(t, "/dashboard", { cookie: sessionCookie(t, member.id) });
    expect(texts(await page.select("#referrals h2"))).toEqual(["Invite a friend, get a free month"]);
    const [input] = await page.select("#referrals input");
    const link = new URL(input!.attributes.value!);
    expect(link.pathname).toBe("/subscribe");
    expect(link.searchParams.get("ref")).toMatch(/^[a-z2-7]{32}$/);
    expect(link.href).not.toContain(String(member.id));
    expect(link.href).not.toContain(member.email.split("@")[0]!);
    expect(input!.attributes.readonly).toBeDefined();
    expect(texts(await page.select("#referrals button"))).toEqual(["Copy link"]);
    expect(texts(await page.select("#referrals .referral-counts li"))).toEqual(["3 friends joined", "2 paid", "1 free month earned"]);
    expect(texts(await page.select("#referrals summary"))).toEqual(["Referral rules"]);

    const again = await renderPage(t, "/dashboard", { cookie: sessionCookie(t, member.id) });
    expect((await again.select("#referrals input"))[0]!.attributes.value).toBe(link.href);
  });

  test("a member nobody joined through sees zeros", async () => {
    const member = await addMember(t);
    const page = await renderPage(t, "/dashboard", { cookie: sessionCookie(t, member.id) });
    expect(texts(await page.select("#referrals .referral-counts li"))).toEqual(["0 friends joined", "0 paid", "0 free months earned"]);
  });
});
