/**
 * `npm test`: every tier of tests, cheapest first, stopping at the first that fails, then each tier's wall time.
 *   bun tests/run-tiers.ts            lint, types, unit + server-render + API, system, browser
 *   bun tests/run-tiers.ts --slow     the same, then the slow scenarios (what CI runs)
 *   bun tests/run-tiers.ts slow       only the slow scenarios (`npm run test:slow`)
 */
export {};

const BUN = process.execPath;
const BIN = "node_modules/.bin";

interface Tier {
  name: string;
  command: string[];
}

const TIERS: Tier[] = [
  { name: "lint (formatting, rules, import boundaries)", command: [BUN, "run", "lint"] },
  { name: "type check", command: [`${BIN}/tsc`, "--noEmit", "-p", "."] },
  { name: "unit, server-render and API (bun test)", command: [BUN, "test", "--parallel", "tests/unit", "tests/ssr", "tests/api"] },
  { name: "system (real processes)", command: [BUN, "test", "tests/system"] },
  { name: "browser (Playwright, Chromium)", command: [`${BIN}/playwright`, "test", "-c", "tests/e2e/playwright.config.ts"] },
];
const SLOW: Tier = { name: "slow scenarios (a month of scans, a fresh install's first day)", command: [BUN, "test", "--parallel", "tests/slow"] };

const args = process.argv.slice(2);
const tiers = args.includes("slow") ? [SLOW] : args.includes("--slow") ? [...TIERS, SLOW] : TIERS;

const results: { tier: Tier; seconds: number; ok: boolean }[] = [];
for (const tier of tiers) {
  console.log(`\n▶ ${tier.name}: ${tier.command.join(" ")}`);
  const started = performance.now();
  const child = Bun.spawn(tier.command, { stdio: ["inherit", "inherit", "inherit"] });
  const ok = (await child.exited) === 0;
  results.push({ tier, seconds: (performance.now() - started) / 1000, ok });
  if (!ok) break;
}

const total = results.reduce((sum, result) => sum + result.seconds, 0);
console.log("\nTier wall times:");
for (const { tier, seconds, ok } of results) console.log(`  ${ok ? "passed" : "FAILED"}  ${seconds.toFixed(1).padStart(7)} s  ${tier.name}`);
for (const tier of tiers.slice(results.length)) console.log(`  not run            ${tier.name}`);
console.log(`  total   ${total.toFixed(1).padStart(7)} s`);
process.exit(results.every((result) => result.ok) && results.length === tiers.length ? 0 : 1);
