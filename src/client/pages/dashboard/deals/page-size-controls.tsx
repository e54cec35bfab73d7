/** SPEC §9: 10 deals by default; 20, 30 and all on request, offered only when there are more than 10. */
export type PageSize = 10 | 20 | 30 | "all";
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const PAGE_SIZE_CONTROLS_FROM = 10;

export function visibleDeals<T>(deals: T[], size: PageSize): T[] {
  return size === "all" ? deals : deals.slice(0, size);
}

interface Toggle {
  label: string;
  next: PageSize;
  pressed?: boolean;
}

/**
 * The three buttons, read literally from SPEC §9 and kept sensible: the first offers 20 and, once 20 are
 * shown, toggles back to 10; the second offers 30 and, once 30 are shown, toggles back to 20; All shows
 * every deal and toggles back to 10. No two buttons ever carry the same label.
 */
export function pageSizeToggles(size: PageSize): [Toggle, Toggle, Toggle] {
  return [
    size === 10 ? { label: "20", next: 20 } : { label: "10", next: 10 },
    size === 30 ? { label: "20", next: 20 } : { label: "30", next: 30 },
    size === "all" ? { label: "All", next: 10, pressed: true } : { label: "All", next: "all", pressed: false },
  ];
}

export function PageSizeControls({ total, size, onChange }: { total: number; size: PageSize; onChange: (size: PageSize) => void }) {
  if (total <= PAGE_SIZE_CONTROLS_FROM) return null;
  const shown = size === "all" ? total : Math.min(size, total);
  return (
    <div className="page-size">
      <p className="page-size-count" aria-live="polite">
        {`Showing ${shown} of ${total} deals`}
      </p>
      <div className="page-size-buttons">
        <span className="muted" aria-hidden="true">
          Show
        </span>
        <div role="group" aria-label="Deals per page">
          {pageSizeToggles(size).map((toggle, index) => (
            <button
              key={index}
              type="button"
              className="secondary outline"
              aria-pressed={toggle.pressed}
              onClick={() => onChange(toggle.next)}
            >
              {toggle.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
