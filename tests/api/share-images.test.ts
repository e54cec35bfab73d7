/** A shared deal's preview image: drawing one is bounded work an anonymous visitor can cause (trips/share-image-cache.ts). */
import { describe, expect, test } from "bun:test";
import { newToken } from "../../src/server/auth/tokens.ts";
import { IMAGE_RENDERS_PER_MINUTE } from "../../src/server/trips/share-image-cache.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

/** Links to `count` deals, each with a picture of its own (its own price), made without drawing: as after a re-pricing scan. */
async function sharedLinks(t: TestApp, count: number): Promise<string[]> {
  const member = await createUser(t);
  return Array.from({ length: count }, (_, i) => {
    const deal = insertDeal(t, { destination: "LHR", price: 300 + i });
    const id = newToken(16);
    t.db.$client
      .query("INSERT INTO deal_shares (id, user_id, deal_id, created_at) VALUES ($id, $userId, $dealId, $now)")
      .run({ id, userId: member.id, dealId: deal.id, now: t.clock.now().getTime() });
    return id;
  });
}

describe("preview images", () => {
  test(`one address may have ${IMAGE_RENDERS_PER_MINUTE} images drawn a minute (then 429 with Retry-After); an image once drawn is served to anyone`, async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const links = await sharedLinks(t, IMAGE_RENDERS_PER_MINUTE + 1);
    const image = (id: string, address: string) => t.request("GET", `/deals/${id}/image.png`, { headers: { "x-forwarded-for": address } });
    for (const id of links.slice(0, IMAGE_RENDERS_PER_MINUTE)) {
      const response = await image(id, "203.0.113.7");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
    }
    const refused = await image(links.at(-1)!, "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await image(links[0]!, "203.0.113.7")).status).toBe(200);
    expect((await image(links.at(-1)!, "198.51.100.2")).status).toBe(200);
    expect((await image(links.at(-1)!, "203.0.113.7")).status).toBe(200);
  }, 120_000);

  test("many links to one deal share one drawing, and the same picture is not drawn twice", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const deal = insertDeal(t, { destination: "CDG", price: 444 });
    const links: string[] = [];
    for (let i = 0; i < IMAGE_RENDERS_PER_MINUTE + 5; i++) {
      const member = await createUser(t);
      const id = newToken(16);
      t.db.$client
        .query("INSERT INTO deal_shares (id, user_id, deal_id, created_at) VALUES ($id, $userId, $dealId, $now)")
        .run({ id, userId: member.id, dealId: deal.id, now: t.clock.now().getTime() });
      links.push(id);
    }
    const answers = await Promise.all(links.map((id) => t.request("GET", `/deals/${id}/image.png`, { headers: { "x-forwarded-for": "203.0.113.9" } })));
    expect(answers.map((response) => response.status)).toEqual(links.map(() => 200));
  }, 120_000);
});
