import { atom, useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { Button } from "./button.tsx";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "success" | "destructive" | "info";
  durationMs: number;
}

export type ToastInput = Omit<Toast, "id" | "variant" | "durationMs"> & Partial<Pick<Toast, "variant" | "durationMs">>;

/** docs/product-rules.md §9: only one toast is shown at a time; a new one replaces the old. */
const currentToastAtom = atom<Toast | null>(null);
let nextToastId = 1;

export function useToast() {
  const setToast = useSetAtom(currentToastAtom);
  return (input: ToastInput) => setToast({ variant: "success", durationMs: 5000, ...input, id: nextToastId++ });
}

/**
 * A modal dialog opened while a toast shows enters the top layer above it; re-showing the toast's popover puts
 * it back on top, so a toast is never dimmed behind a dialog's backdrop (Dialog calls this after showModal).
 */
export function bringToastsToFront(): void {
  const region = document.querySelector<HTMLElement>(".toast-region");
  if (!region?.matches(":popover-open")) return;
  region.hidePopover();
  region.showPopover();
}

/**
 * Toasts show at the top of the screen (at the bottom they covered the button just pressed: a form's submit,
 * a dialog's actions), under the page's sticky header when it has one, so they never hide its buttons either.
 */
function placeBelowStickyHeader(region: HTMLElement): void {
  const header = document.querySelector<HTMLElement>("body > header");
  const sticky = header !== null && getComputedStyle(header).position === "sticky";
  const below = sticky ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  region.style.top = `${Math.round(below) + 12}px`;
}

export function Toaster() {
  const toast = useAtomValue(currentToastAtom);
  const setToast = useSetAtom(currentToastAtom);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  // A manual popover lives in the browser's top layer; showing it again puts it above a modal dialog
  // opened since, so a toast is never hidden behind a dialog's backdrop.
  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== "function") return;
    if (element.matches(":popover-open")) element.hidePopover();
    if (!toast) return;
    placeBelowStickyHeader(element);
    element.showPopover();
  }, [toast]);

  return (
    <div ref={region} popover="manual" className="toast-region" aria-live="polite" role="status">
      {toast && (
        <div className={`toast toast-${toast.variant}`} data-testid="toast" key={toast.id}>
          <div>
            <strong className="toast-title">{toast.title}</strong>
            {toast.description && <p className="toast-description">{toast.description}</p>}
          </div>
          <Button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => setToast(null)}>
            ×
          </Button>
        </div>
      )}
    </div>
  );
}
