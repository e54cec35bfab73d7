/**
 * Puts test data straight into a running server's database file, for the browser tests (which run under
 * Node and cannot open SQLite themselves). Usage:
 *   bun tests/support/seed.ts user --db PATH --email E [--password P] [--needs-setup] [--first-name N] [--status S] [--type T]
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/client.ts";
import { insertUser } from "../../src/server/auth/users.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    "needs-setup": { type: "boolean", default: false },
    "first-name": { type: "string", default: "Sam" },
    "last-name": { type: "string", default: "Traveler" },
    status: { type: "string", default: "Active" },
    type: { type: "string", default: "Paid" },
    plan: { type: "string", default: "monthly" },
  },
});

const db = openDatabase(values.db!);
try {
  if (positionals[0] === "user") {
    const user = insertUser(
      db,
      {
        email: values.email!,
        firstName: values["first-name"]!,
        lastName: values["last-name"]!,
        passwordHash: values.password ? await Bun.password.hash(values.password, { algorithm: "argon2id" }) : null,
        needsPasswordSetup: values["needs-setup"],
        subscriptionStatus: values.status!,
        subscriptionType: values.type as "Paid" | "Free",
        planType: values.plan as "monthly" | "annual",
      },
      new Date(),
    );
    console.log(JSON.stringify({ id: user.id, email: user.email }));
  } else {
    throw new Error(`unknown seed command: ${positionals[0]}`);
  }
} finally {
  db.$client.close();
}
