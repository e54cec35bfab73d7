import type { ReactNode } from "react";

/**
 * A wide table's sideways-scrolling frame, as a labelled region. It takes focus so keyboard users can scroll
 * it with the arrow keys (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
