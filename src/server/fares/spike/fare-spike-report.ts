/** The spike's report (markdown), written from its figures (fare-spike-figures.ts); every number is one measured. */
import { AGREES, spikeFigures, type PriceAgreement, type SpikeLooks } from "./fare-spike-figures.ts";

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 100)} %`);
const hours = (value: number | null) => (value === null ? "–" : `${Math.round(value * 10) / 10} h`);
const agreementLine = (name: string, a: PriceAgreement) =>
  a.pairs === 0
    ? `- ${name}: no pair priced by both.`
    : `- ${name}: ${a.agreeing} of ${a.pairs} pairs agree (${percent(a.agreeing, a.pairs)}); median gap ${a.medianGapPercent} %; ${a.lower} lower than Google Flights beyond the margin.`;

export function spikeReport(looks: SpikeLooks): string {
  const f = spikeFigures(looks);
  const lines = [
    `# Fare spike: ${looks.provider} from RDU`,
    "",
    `${new Date(looks.startedAt).toISOString()} to ${new Date(looks.endedAt).toISOString()}: **${looks.spent} of a cap of ${looks.cap} searches spent**.`,
    `Prices agree when within ${AGREES.share * 100} % or $${AGREES.dollars} of each other.`,
    "",
    "## How many routes one Explore answer prices",
    "",
    f.exploreAnswers === 0
      ? "No Explore answer."
      : `${f.exploreAnswers} answers; median ${f.medianPlaces} places per answer; median ${percent(Math.round((f.medianRouteShare ?? 0) * 1000), 1000)} of an area's catalogue routes priced.`,
    "",
    "| area | answers | routes priced (median) | catalogue routes |",
    "|---|---|---|---|",
    ...f.routeShareByArea.map((row) => `| ${row.area} | ${row.answers} | ${row.medianPriced} | ${row.routes} |`),
    "",
    "## Explore's price against a fresh Google Flights search of the same trip",
    "",
    agreementLine("Explore vs Google Flights", f.exploreVsFlights),
    "",
    "## How long after a change Explore shows it",
    "",
    f.changes === 0
      ? "No change of a followed trip's Google Flights price was seen: run longer, or follow more trips."
      : `${f.changes} changes seen on Google Flights; Explore showed ${f.changesShown} of them, after a median of ${hours(f.medianLagHours)} (at most ${hours(f.maxLagHours)}), counted from the look that saw the change.`,
    "",
    "## Does exact-date Explore list every route?",
    "",
    f.exactDates === null
      ? `${looks.provider} offers no exact-date Explore.`
      : `${f.exactDates.listingEvery} of ${f.exactDates.looks} areas listed every catalogue route (${f.exactDates.listed} of ${f.exactDates.routes} routes in all).`,
    "",
    "## The date grid against Google Flights",
    "",
    f.grid === null ? `${looks.provider} offers no date grid.` : `${f.grid.cells} cells priced in one grid search.`,
    ...(f.grid ? [agreementLine("Grid vs Google Flights", f.grid)] : []),
    "",
  ];
  if (looks.errors.length > 0) lines.push("## Errors", "", ...looks.errors.slice(0, 50).map((error) => `- ${error}`), "");
  return lines.join("\n");
}
