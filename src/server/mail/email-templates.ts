import type { Deps } from "../deps.ts";
import type { TemplateRenderer } from "./outbox.ts";

/** Renderers for emails queued as data (bulk alerts), by kind. */
export function templatedEmailRenderers(_deps: Deps): Record<string, TemplateRenderer> {
  return {};
}
