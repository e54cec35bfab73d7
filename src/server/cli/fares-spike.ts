/**
 * `npm run fares:spike -- --provider searchapi --cap 300 --hours 48 --every 60 [--out fare-spike.md]`: measures a
 * provider's Google data from RDU before an operator pays for a plan (src/server/fares/spike/fare-spike.ts), never spending
 * more than --cap searches, and writes a markdown report. The key comes from SEARCHAPI_API_KEY or SERPAPI_KEY;
 * SEARCHAPI_BASE_URL / SERPAPI_BASE_URL point it elsewhere (a local stand-in).
 */
import { parseArgs } from "node:util";
import { spikeReport } from "../fares/spike/fare-spike-report.ts";
import { runFareSpike, SPIKE_SCHEDULE, type SpikeSource } from "../fares/spike/fare-spike.ts";
import { createSearchApiFareSource } from "../fares/sources/searchapi.ts";
import { createSerpApiFareSource } from "../fares/sources/serpapi.ts";
import { messageOf } from "../../domain/error-text.ts";

export function spikeSource(provider: string, env: Record<string, string | undefined>, cap: number): SpikeSource {
  if (provider === "searchapi") {
    const apiKey = env.SEARCHAPI_API_KEY;
    if (!apiKey) throw new Error("--provider searchapi needs SEARCHAPI_API_KEY");
    return createSearchApiFareSource({ apiKey, schedule: SPIKE_SCHEDULE, maxSearchesPerScan: cap, baseUrl: env.SEARCHAPI_BASE_URL });
  }
  if (provider === "serpapi") {
    const apiKey = env.SERPAPI_KEY;
    if (!apiKey) throw new Error("--provider serpapi needs SERPAPI_KEY");
    return createSerpApiFareSource({ apiKey, schedule: SPIKE_SCHEDULE, maxSearchesPerScan: cap, baseUrl: env.SERPAPI_BASE_URL });
  }
  throw new Error("--provider must be searchapi or serpapi");
}

const positive = (name: string, text: string | undefined, fallback: number) => {
  const value = text === undefined ? fallback : Number(text);
  if (!(Number.isFinite(value) && value > 0)) throw new Error(`--${name} must be a positive number`);
  return value;
};

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      provider: { type: "string", default: "searchapi" },
      cap: { type: "string" },
      hours: { type: "string" },
      every: { type: "string" },
      out: { type: "string", default: "fare-spike.md" },
    },
  });
  try {
    if (values.cap === undefined) throw new Error("--cap is required: the most searches this spike may spend");
    const cap = Math.floor(positive("cap", values.cap, 0));
    const source = spikeSource(values.provider!, process.env, cap);
    const looks = await runFareSpike({
      source,
      cap,
      hours: positive("hours", values.hours, 24),
      everyMinutes: positive("every", values.every, 60),
      progress: (line) => console.log(line),
    });
    await Bun.write(values.out!, spikeReport(looks));
    console.log(`${looks.spent} of ${cap} searches spent; report written to ${values.out}`);
  } catch (error) {
    console.error(messageOf(error));
    process.exit(1);
  }
}
