import type { Config } from "../../config.ts";
import { createCachedWithFreshConfirmation } from "./cached-with-fresh-confirmation.ts";
import type { FareSource } from "./fare-source.ts";
import { createSearchApiFareSource } from "./searchapi.ts";
import { createSerpApiFareSource } from "./serpapi.ts";
import { createSimulatedFareSource } from "./simulated.ts";
import { createTravelpayoutsFareSource } from "./travelpayouts.ts";

/**
 * The source FARE_SOURCE names; config.ts has already checked that its credential is set. With both
 * credentials, either of SerpApi and Travelpayouts gets both: Travelpayouts finds candidates, SerpApi confirms them.
 */
export function createFareSource(
  config: Pick<Config, "fareSource" | "serpapiKey" | "serpapiExploreAreas" | "travelpayoutsToken" | "scanSchedule" | "fareBudget"> &
    Partial<Pick<Config, "searchapiKey">>,
): FareSource {
  if (config.fareSource === "simulated") return createSimulatedFareSource();
  if (config.fareSource === "searchapi") {
    return createSearchApiFareSource({ apiKey: config.searchapiKey!, schedule: config.scanSchedule, monthlyBudget: config.fareBudget });
  }
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
