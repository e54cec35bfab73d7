/** docs/product-rules.md §9: 10 deals by default; 20, 30 and all on request, offered only when there are more than 10. */
import { Button } from "../../../components/button.tsx";
export type PageSize = 10 | 20 | 30 | "all";
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const PAGE_SIZE_CONTROLS_FROM = 10;
const SIZES = [10, 20, 30] as const;

export function visibleDeals<T>(deals: T[], size: PageSize): T[] {
  return size === "all" ? deals : deals.slice(0, size);
}

export interface PageSizeOption {
  label: string;
  size: PageSize;
}

/**
 * One button per other page size, each saying what it does: 'Show 20', 'Show 30', 'Show all 35', and
 * 'Show 10' to go back once more are open. A size that would show every deal anyway is left to 'Show all'.
 */
export function pageSizeOptions(size: PageSize, total: number): PageSizeOption[] {
  const options: PageSizeOption[] = SIZES.filter((n) => n < total).map((n) => ({ label: `Show ${n}`, size: n }));
  options.push({ label: `Show all ${total}`, size: "all" });
  const shown = size === "all" ? total : Math.min(size, total);
  return options.filter((option) => (option.size === "all" ? total : option.size) !== shown);
}

export function PageSizeControls({ total, size, onChange }: { total: number; size: PageSize; onChange: (size: PageSize) => void }) {
  if (total <= PAGE_SIZE_CONTROLS_FROM) return null;
  const shown = size === "all" ? total : Math.min(size, total);
  return (
    <div className="page-size">
      <p className="page-size-count" aria-live="polite">
        {`Showing ${shown} of ${total} deals`}
      </p>
      <div role="group" aria-label="Deals per page" className="page-size-buttons">
        {pageSizeOptions(size, total).map((option) => (
          <Button key={option.label} type="button" className="secondary outline" onClick={() => onChange(option.size)}>
            {option.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
