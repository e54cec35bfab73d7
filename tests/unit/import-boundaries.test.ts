import { describe, expect, test } from "bun:test";
import { forbiddenImports, MAY_IMPORT, partOf } from "../lint/import-boundaries.ts";

describe("import boundaries (npm run lint)", () => {
  test("a mail/ or fares/ file importing trips/ is refused, naming the file and the arrow", () => {
    expect(forbiddenImports("src/server/mail/outbox.ts", `import { shareLink } from "../trips/deal-shares.ts";`)).toEqual([
      'src/server/mail/outbox.ts: src/server/mail may not import src/server/trips ("../trips/deal-shares.ts")',
    ]);
    expect(forbiddenImports("src/server/fares/scanner.ts", `export { x } from "../trips/x.ts";`)).toHaveLength(1);
  });

  test("trips/ may import what its allow-list names, and nothing above it", () => {
    expect(forbiddenImports("src/server/trips/a.ts", `import type { Deps } from "../deps.ts";\nimport { x } from "../deals/deals.service.ts";`)).toEqual([]);
    expect(forbiddenImports("src/server/trips/a.ts", `import { billing } from "../billing/billing.ts";`)).toHaveLength(1);
    expect(forbiddenImports("src/server/trips/a.ts", `const admin = await import("../admin/admin.routes.ts");`)).toHaveLength(1);
  });

  test("the client and the rules refuse server code and IO packages; type imports count too", () => {
    expect(forbiddenImports("src/client/pages/x.tsx", `import type { Db } from "../../../db/client.ts";`)).toHaveLength(1);
    expect(forbiddenImports("src/client/pages/x.tsx", `import { Elysia } from "elysia";`)).toHaveLength(1);
    expect(forbiddenImports("src/domain/x.ts", `import { readFileSync } from "node:fs";`)).toHaveLength(1);
    expect(forbiddenImports("src/domain/x.ts", `import { format } from "date-fns/format";`)).toEqual([]);
  });

  test("a new folder must be given an allow-list before it may import anything", () => {
    expect(forbiddenImports("src/server/referrals/a.ts", `import { x } from "./b.ts";`)).toEqual([
      "src/server/referrals/a.ts: src/server/referrals has no entry in tests/lint/import-boundaries.ts; say what it may import",
    ]);
  });

  test("every folder of src/server has an allow-list and a README saying what it is for; each list names only parts that exist", async () => {
    const { existsSync, readdirSync } = await import("node:fs");
    const folders = readdirSync("src/server", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) {
      expect(MAY_IMPORT[`src/server/${folder.name}`]).toBeDefined();
      expect(existsSync(`src/server/${folder.name}/README.md`)).toBe(true);
    }
    for (const { parts } of Object.values(MAY_IMPORT)) for (const part of parts) expect(partOf(part)).toBe(part);
  });
});
