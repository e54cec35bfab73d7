import { useCallback, useRef, useState } from "react";

/**
 * Runs one async action at a time: while it is pending, `pending` is true (disable the button) and a
 * second call is ignored (a double submit does nothing).
 */
export function usePendingAction() {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await action();
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return [pending, run] as const;
}
