import { statusTone } from "./format.ts";

/** A status in words, coloured by what it means (the colour is never the only signal). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge tone-${statusTone(status)}`}>{status}</span>;
}
