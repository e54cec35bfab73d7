import type { Deps } from "../deps.ts";
import { dealAlertRenderer } from "../deals/deal-alert-renderer.ts";
import { DEAL_ALERT_KIND } from "../fares/alert-queue.ts";
import type { TemplateRenderer } from "./outbox.ts";

/** Renderers for emails queued as data (bulk alerts), by kind. */
export function templatedEmailRenderers(deps: Deps): Record<string, TemplateRenderer> {
  return { [DEAL_ALERT_KIND]: dealAlertRenderer(deps) };
}
