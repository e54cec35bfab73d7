import { expect, test } from "bun:test";
import { alertSnoozes } from "../../db/schema.ts";
import { dealAlertRenderer } from "../../src/server/alerts/alert-email.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

test("an alert rendered once for a group is each member's own: their name, address and links, without what they snoozed (decision 122)", async () => {
  const t = createTestApp();
  const ana = await createUser(t, { firstName: "Ana" });
  const bo = await createUser(t, { firstName: `<Bo & "Cy">` });
  const cy = await createUser(t, { firstName: "Cy" });
  const london = insertDeal(t, { destination: "LHR", price: 420 });
  const orlando = insertDeal(t, { destination: "MCO", price: 89 });
  t.db
    .insert(alertSnoozes)
    .values({ userId: cy.id, destination: "MCO", until: new Date(t.clock.now().getTime() + 86_400_000) })
    .run();
  const payload = (userId: number) => ({
    userId,
    deals: [
      [london.id, 1],
      [orlando.id, 1],
    ],
  });

  const render = dealAlertRenderer(t.deps);
  const forAna = render(payload(ana.id), ana.email)!;
  const forBo = render(payload(bo.id), bo.email)!;
  const forCy = render(payload(cy.id), cy.email)!;

  // Each the same as a renderer that never saw another member would make.
  expect(forBo).toEqual(dealAlertRenderer(t.deps)(payload(bo.id), bo.email)!);
  expect(forCy).toEqual(dealAlertRenderer(t.deps)(payload(cy.id), cy.email)!);
  expect(forBo.subject).toBe(forAna.subject);
  expect(forBo.html).toContain("Hi &lt;Bo &amp; &quot;Cy&quot;&gt;,");
  expect(forBo.text).toContain(`Hi <Bo & "Cy">,`);
  expect(`${forBo.text}${forBo.html}`).toContain(bo.unsubscribeToken);
  expect(`${forBo.text}${forBo.html}${JSON.stringify(forBo.headers)}`).not.toContain(ana.unsubscribeToken);
  expect(forBo.html).not.toContain(ana.email);
  // Cy snoozed Orlando: their alert is of London alone.
  expect(forCy.text).not.toContain("(MCO)");
  expect(forCy.text).toContain("(LHR)");
});
