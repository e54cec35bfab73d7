import { useCallback, useEffect, useRef, useState } from "react";
import type { AuditEntry, OperationsOverview } from "../../../domain/api/admin.ts";
import { api } from "../../api.ts";
import { errorMessage } from "../../error-message.ts";

export interface OperationsData {
  overview: OperationsOverview;
  audit: AuditEntry[];
  loadedAt: Date;
}

/**
 * The operations overview and the audit log, fetched together each time the tab is opened and on Refresh.
 * What was loaded stays on screen while a refresh runs.
 */
export function useOperations(active: boolean) {
  const [data, setData] = useState<OperationsData | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const [overview, audit] = await Promise.all([api.operations(), api.auditLog()]);
      if (ticket !== latest.current) return;
      setData({ overview, audit, loadedAt: new Date() });
      setError(null);
    } catch (failure) {
      if (ticket === latest.current) setError(errorMessage(failure, "Failed to load the operations overview"));
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (active) void refresh();
  }, [active, refresh]);

  /** For a change made here (a message marked read): shown at once, without a round trip. */
  const patch = useCallback((change: (overview: OperationsOverview) => OperationsOverview) => {
    setData((current) => (current ? { ...current, overview: change(current.overview) } : current));
  }, []);

  return { data, loading, error, refresh, patch };
}
