import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminUser, AdminUserList } from "../../../domain/api/admin.ts";
import { api } from "../../api.ts";
import { errorMessage } from "../../error-message.ts";

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The user table's data: the loader's first page, then the server's answer for the search as typed
 * (debounced). Answers to searches that were overtaken are dropped.
 */
export function useAdminUsers(initial: AdminUserList) {
  const [list, setList] = useState(initial);
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** What `list` currently answers; the loader answered the empty search. */
  const loadedKey = useRef("|0");

  useEffect(() => {
    const timer = setTimeout(() => setApplied(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const key = `${applied}|${version}`;
    if (key === loadedKey.current) return;
    let current = true;
    setLoading(true);
    api.adminUsers(applied).then(
      (answer) => {
        if (!current) return;
        loadedKey.current = key;
        setList(answer);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(errorMessage(failure, "Failed to load users"));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [applied, version]);

  /** Shows a changed row at once; `reload` then brings totals and order up to date. */
  const replaceUser = useCallback((user: AdminUser) => {
    setList((current) => ({ ...current, users: current.users.map((row) => (row.id === user.id ? user : row)) }));
  }, []);
  const removeUser = useCallback((id: number) => {
    setList((current) => ({ users: current.users.filter((row) => row.id !== id), total: Math.max(0, current.total - 1) }));
  }, []);
  const reload = useCallback(() => setVersion((value) => value + 1), []);

  return {
    list,
    search,
    setSearch,
    /** Typing not yet answered counts as loading, so the table never claims results for an old search. */
    searching: loading || search.trim() !== applied,
    error,
    replaceUser,
    removeUser,
    reload,
  };
}
