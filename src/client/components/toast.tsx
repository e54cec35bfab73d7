import { atom, useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "success" | "destructive" | "info";
  durationMs: number;
}

export type ToastInput = Omit<Toast, "id" | "variant" | "durationMs"> & Partial<Pick<Toast, "variant" | "durationMs">>;

/** SPEC §9: only one toast is shown at a time; a new one replaces the old. */
const currentToastAtom = atom<Toast | null>(null);
let nextToastId = 1;

export function useToast() {
  const setToast = useSetAtom(currentToastAtom);
  return (input: ToastInput) =>
    setToast({ variant: "success", durationMs: 5000, ...input, id: nextToastId++ });
}

export function Toaster() {
  const toast = useAtomValue(currentToastAtom);
  const setToast = useSetAtom(currentToastAtom);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  return (
    <div className="toast-region" aria-live="polite" role="status">
      {toast && (
        <div className={`toast toast-${toast.variant}`} data-testid="toast" key={toast.id}>
          <div>
            <strong className="toast-title">{toast.title}</strong>
            {toast.description && <p className="toast-description">{toast.description}</p>}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => setToast(null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
