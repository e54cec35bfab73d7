/** How the boot log and the Operations tab name the routes a plan searches alone, leaves out or has not seen. Pure. */

/** "none", or the route codes. */
export const routeList = (codes: readonly string[]) => (codes.length === 0 ? "none" : codes.join(", "));

/** What one turn of the discovery rotation searches, in words. */
export function rotationWords(plan: { routesSearchedAlone: readonly string[] }): string {
  return plan.routesSearchedAlone.length > 0 ? "every area and season, and each route searched alone," : "every area and season";
}
