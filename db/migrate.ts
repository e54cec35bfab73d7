import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import type { Db } from "./client.ts";

export const MIGRATIONS_FOLDER = new URL("./migrations", import.meta.url).pathname;

export function migrateDatabase(db: Db, migrationsFolder = MIGRATIONS_FOLDER): void {
  migrate(db, { migrationsFolder });
}
