// client/components/: general-purpose widgets (dialog, toast, tabs, tooltip, table scroll) and hooks any page may use.
// Imports no page: pages import components, never the reverse.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { bringToastsToFront } from "./toast.tsx";
import { Button } from "./button.tsx";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/**
 * A native modal <dialog>: the browser makes the page behind it inert (focus stays inside), closes it on Escape and,
 * when it closes, gives the focus back to what had it before (the button that opened it); a click on the backdrop
 * closes it too.
 */
export function Dialog({ open, onClose, title, children, footer, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Whether the page still wants the dialog open: the close event arrives a task later, by when it may not.
  const wanted = useRef(open);

  useEffect(() => {
    wanted.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      bringToastsToFront();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={(event) => {
        // Only a close the browser made on its own is news to the page. One we made (the page set open to false)
        // arrives late: by then the page may have opened this dialog again, or another one sharing its onClose.
        if (wanted.current && !event.currentTarget.open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <article className={wide ? "dialog-wide" : undefined}>
        <header>
          <Button type="button" aria-label="Close" rel="prev" onClick={onClose} />
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
        </header>
        {open && children}
        {footer && <footer>{footer}</footer>}
      </article>
    </dialog>
  );
}
