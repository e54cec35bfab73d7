import type { DealRegion } from "../../../../domain/deal-filter.ts";
import { Button } from "../../../components/button.tsx";

const REGIONS: { value: DealRegion; label: string }[] = [
  { value: "all", label: "All" },
  { value: "domestic", label: "Domestic" },
  { value: "international", label: "International" },
];

/** docs/product-rules.md §2: All / Domestic / International, with how many deals each holds. */
export function RegionToggle({ region, counts, onChange }: { region: DealRegion; counts: Record<DealRegion, number>; onChange: (region: DealRegion) => void }) {
  return (
    <div role="group" aria-label="Region" className="region-toggle">
      {REGIONS.map(({ value, label }) => (
        <Button
          key={value}
          type="button"
          className={region === value ? undefined : "secondary outline"}
          aria-pressed={region === value}
          onClick={() => onChange(value)}
        >
          {label}
          <span className="region-count" aria-hidden="true">
            {counts[value]}
          </span>
        </Button>
      ))}
    </div>
  );
}
