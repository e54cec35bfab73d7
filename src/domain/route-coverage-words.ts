/** How the boot log and the Operations tab name what a plan searches: the routes it searches alone, leaves out or has not seen, and its passes. Pure. */

/** "none", or the route codes. */
export const routeList = (codes: readonly string[]) => (codes.length === 0 ? "none" : codes.join(", "));

/** What one turn of the discovery rotation searches, in words. */
export function rotationWords(plan: { routesSearchedAlone: readonly string[] }): string {
  return plan.routesSearchedAlone.length > 0 ? "every area and season, and each route searched alone," : "every area and season";
}

/** The completeness pass in words (decision 139); null when the source makes none. */
export function completenessWords(plan: { completenessPerSweep: number; sweepsPerCompletenessCycle: number | null }): string | null {
  if (plan.completenessPerSweep === 0 || plan.sweepsPerCompletenessCycle === null) return null;
  const searches = plan.completenessPerSweep === 1 ? "one exact-date Travel Explore" : `${plan.completenessPerSweep} exact-date Travel Explore`;
  return `the completeness pass: ${searches} a sweep, every grid date pair in every area once every ${plan.sweepsPerCompletenessCycle} sweeps`;
}
