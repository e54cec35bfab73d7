/**
 * The browser tests' server: the product's own main() with the test seam mounted (seam.ts). Started by
 * tests/e2e/support/server.ts on a copy of the template database (template-database.ts).
 */
import { main } from "../../../src/server/main.ts";
import { testSeam } from "./seam.ts";

await main(undefined, { extraRoutes: testSeam });
