/** The fare scans the Operations tab lists, as GET /api/admin/operations answers them. */
import { expect, test } from "bun:test";
import { createTestApp, json } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";
import { recordSeededScan, SEEDED_SCAN } from "../support/world/world.ts";

test("the overview lists the newest fare scans first, with when, source, status, what each covered and found, its errors and quota", async () => {
  const t = createTestApp();
  const admin = await createUser(t, { isAdmin: true, email: "boss@gordu.example", subscriptionType: "Free", planType: null });
  const cookie = await signIn(t, admin.email);
  const older = recordSeededScan(t);
  t.clock.advance(60 * 60_000);
  const newest = recordSeededScan(t);

  const { scans } = await json(await t.request("GET", "/api/admin/operations", { cookie }));
  expect(scans.map((scan: { id: number }) => scan.id)).toEqual([newest.id, older.id]);
  expect(scans[0]).toEqual({
    id: newest.id,
    ...SEEDED_SCAN,
    errors: [...SEEDED_SCAN.errors],
    startedAt: new Date(t.clock.now().getTime() - 95_000).toISOString(),
    finishedAt: t.clock.now().toISOString(),
  });
});

test("the overview lists at most the last 10 scans", async () => {
  const t = createTestApp();
  const admin = await createUser(t, { isAdmin: true, email: "boss@gordu.example", subscriptionType: "Free", planType: null });
  const cookie = await signIn(t, admin.email);
  for (let i = 0; i < 12; i++) recordSeededScan(t);
  const { scans } = await json(await t.request("GET", "/api/admin/operations", { cookie }));
  expect(scans).toHaveLength(10);
});
