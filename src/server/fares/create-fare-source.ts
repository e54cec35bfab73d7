import type { Config } from "../config.ts";
import type { FareSource } from "./fare-source.ts";
import { createSerpApiFareSource } from "./serpapi.ts";
import { createSimulatedFareSource } from "./simulated.ts";
import { createTravelpayoutsFareSource } from "./travelpayouts.ts";

/** The source FARE_SOURCE names; config.ts has already checked that its credential is set. */
export function createFareSource(config: Pick<Config, "fareSource" | "serpapiKey" | "travelpayoutsToken" | "scanSchedule">): FareSource {
  switch (config.fareSource) {
    case "serpapi":
      return createSerpApiFareSource({ apiKey: config.serpapiKey!, schedule: config.scanSchedule });
    case "travelpayouts":
      return createTravelpayoutsFareSource({ token: config.travelpayoutsToken! });
    case "simulated":
      return createSimulatedFareSource();
  }
}
