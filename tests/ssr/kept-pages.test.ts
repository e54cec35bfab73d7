/**
 * The pages kept for every visitor alike (the landing page, a shared deal's): what decides that a request is a
 * visitor's, and what may make the server render again.
 */
import { describe, expect, test } from "bun:test";
import { renderPage } from "../support/html.ts";
import { createTestApp } from "../support/test-app.ts";
import { addMember, mintSession } from "../support/world/world.ts";

describe("the kept landing page", () => {
  test("a session cookie the auth plugin accepts (here with a space before '=') is never kept for visitors", async () => {
    const t = createTestApp();
    const member = await addMember(t, { email: "kept-victim@example.com", firstName: "Valerie" });
    const { value } = mintSession(t, member.id);
    for (const cookie of [`gordu_session =${value}`, `other=1;gordu_session = ${value}`]) {
      const signedIn = await renderPage(t, "/", { cookie });
      expect(signedIn.html).toContain("kept-victim@example.com");
      const visitor = await renderPage(t, "/");
      expect(visitor.html).not.toContain("kept-victim@example.com");
      expect(visitor.html).not.toContain("Valerie");
    }
  });
});
