import { notFound } from "./errors.ts";

/** A row id from a URL path. Anything but a positive safe integer answers as an unknown id would: 404. */
export function idFromPath(raw: string, notFoundMessage: string): number {
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw notFound(notFoundMessage);
  return id;
}
