/**
 * `npm run admin -- --email E --password P`: creates that admin, or promotes the existing user and sets
 * the password. Uses DATABASE_PATH like the server (default db/app.sqlite).
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../../db/client.ts";
import { migrateDatabase } from "../../../db/migrate.ts";
import { ensureAdmin } from "../auth/admin-bootstrap.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
if (!values.email || !values.password) {
  console.error("Usage: npm run admin -- --email admin@example.com --password 'a long password'");
  process.exit(2);
}

const path = process.env.DATABASE_PATH?.trim() || "db/app.sqlite";
const db = openDatabase(path);
migrateDatabase(db);
try {
  const result = await ensureAdmin(db, values.email, values.password, new Date(), { setPassword: true });
  console.log(`Admin ${values.email}: ${result} (database ${path})`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
