import type { Config } from "../config.ts";
import { createCachedWithFreshConfirmation } from "./cached-with-fresh-confirmation.ts";
import type { FareSource } from "./fare-source.ts";
import { createSerpApiFareSource } from "./serpapi.ts";
import { createSimulatedFareSource } from "./simulated.ts";
import { createTravelpayoutsFareSource } from "./travelpayouts.ts";

/**
 * The source FARE_SOURCE names; config.ts has already checked that its credential is set. With both
 * credentials, either real FARE_SOURCE gets both: Travelpayouts finds candidates, SerpApi confirms them.
 */
export function createFareSource(
  config: Pick<Config, "fareSource" | "serpapiKey" | "serpapiExploreAreas" | "travelpayoutsToken" | "scanSchedule" | "fareBudget">,
): FareSource {
  if (config.fareSource === "simulated") return createSimulatedFareSource();
  const serpapi = config.serpapiKey
    ? createSerpApiFareSource({
        apiKey: config.serpapiKey,
        schedule: config.scanSchedule,
        exploreAreaIds: config.serpapiExploreAreas,
        monthlyBudget: config.fareBudget,
      })
    : null;
  const travelpayouts = config.travelpayoutsToken ? createTravelpayoutsFareSource({ token: config.travelpayoutsToken }) : null;
  if (serpapi && travelpayouts) return createCachedWithFreshConfirmation(travelpayouts, serpapi);
  return config.fareSource === "serpapi" ? serpapi! : travelpayouts!;
}
