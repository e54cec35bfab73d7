import { benchLanding } from "./tests/bench/landing.bench.ts";
for (const path of ["/", "/deals"]) { const r = await benchLanding(undefined, undefined, path); console.log(path, JSON.stringify(r)); }
process.exit(0);
