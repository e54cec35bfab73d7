import { Elysia } from "elysia";
import { HealthStatus, HealthUnavailable } from "../domain/api/site.ts";
import { desc, eq } from "drizzle-orm";
import { fareScans } from "../../db/schema.ts";
import type { Deps } from "./deps.ts";
import { log } from "./log.ts";

/** For the load balancer: 200 while the database answers, with how old the last successful fare scan is. */
export function healthRoutes(deps: Deps) {
  return new Elysia().get(
    "/healthz",
    () => {
      try {
        deps.db.$client.query("select 1").get();
        const lastScan = deps.db
          .select({ finishedAt: fareScans.finishedAt })
          .from(fareScans)
          .where(eq(fareScans.status, "succeeded"))
          .orderBy(desc(fareScans.id))
          .limit(1)
          .get();
        const finishedAt = lastScan?.finishedAt ?? null;
        return Response.json(
          {
            status: "ok",
            database: "ok",
            lastSuccessfulScanAt: finishedAt?.toISOString() ?? null,
            lastSuccessfulScanAgeSeconds: finishedAt ? Math.round((deps.clock.now().getTime() - finishedAt.getTime()) / 1000) : null,
          },
          { headers: { "cache-control": "no-store" } },
        );
      } catch (error) {
        log.error("[healthz] database check failed", { error });
        return Response.json({ status: "unavailable", database: "error" }, { status: 503, headers: { "cache-control": "no-store" } });
      }
    },
    { response: { 200: HealthStatus, 503: HealthUnavailable } },
  );
}
