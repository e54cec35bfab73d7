import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/** docs/product-rules.md §9: a tooltip opens after 700 ms; moving on to another within 300 ms of one closing opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** A small hover tooltip for a short hint; Escape dismisses it. The hint must also be available another way. */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const isOpen = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const setShown = (shown: boolean) => {
    if (isOpen.current && !shown) lastClosedAt = Date.now();
    isOpen.current = shown;
    setOpen(shown);
  };

  const show = () => {
    clearTimeout(timer.current);
    if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setShown(true);
    else timer.current = setTimeout(() => setShown(true), TOOLTIP_DELAY_MS);
  };

  const hide = () => {
    clearTimeout(timer.current);
    setShown(false);
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <span className="tooltip-anchor" onPointerEnter={show} onPointerLeave={hide} aria-describedby={open ? id : undefined}>
      {children}
      {open && (
        <span role="tooltip" id={id} className="tooltip">
          {content}
        </span>
      )}
    </span>
  );
}
