import { errorMessage } from "../error-message.ts";
import { type ToastInput, useToast } from "./toast.tsx";

export interface ToastedActionTexts {
  /** The toast after it worked; none when the changed list says it. */
  done?: ToastInput;
  /** The title after it failed, and what the toast says when the server gave no words of its own. */
  failed: { title: string; fallback: string };
}

/** A member's one-click change (remove, revoke, end): it runs, says so, then the section refreshes; a failure is a toast. */
export function useToastedAction() {
  const toast = useToast();
  return async (action: () => Promise<unknown>, texts: ToastedActionTexts, refresh: () => unknown): Promise<void> => {
    try {
      await action();
      if (texts.done) toast(texts.done);
      await refresh();
    } catch (error) {
      toast({ title: texts.failed.title, description: errorMessage(error, texts.failed.fallback), variant: "destructive" });
    }
  };
}
