/** What a caught error says, for a log line or a stored reason: its message (or the thrown value), cut to `maxLength`. */
export function messageOf(error: unknown, maxLength = 300): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, maxLength);
}
