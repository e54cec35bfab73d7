import { DESTINATION_COUNTS } from "./destinations.ts";
import type { PlanType } from "./api/common.ts";

export const TRIAL_DAYS = 7;

export interface Plan {
  type: PlanType;
  name: string;
  /** Whole dollars charged per billing interval. */
  price: number;
  interval: "month" | "year";
  /** What it comes to per month, for comparison. */
  monthlyEquivalent: number;
  badge: string | null;
  features: string[];
}

export const PLANS: Record<PlanType, Plan> = {
  monthly: {
    type: "monthly",
    name: "Monthly",
    price: 10,
    interval: "month",
    monthlyEquivalent: 10,
    badge: null,
    features: ["Instant flight alerts", "Multiple destinations", "Cancel anytime"],
  },
  annual: {
    type: "annual",
    name: "Annual",
    price: 72,
    interval: "year",
    monthlyEquivalent: 6,
    badge: "Best Value",
    features: ["Instant flight alerts", `${DESTINATION_COUNTS.total} Nonstop destinations`, "Lock in current price", "Cancel anytime"],
  },
};

export const PLAN_LIST: Plan[] = [PLANS.monthly, PLANS.annual];

/** `?plan=` from the URL: annual when it says so, monthly otherwise (docs/product-rules.md §2). */
export function planFromQuery(value: string | null | undefined): PlanType {
  return value === "annual" ? "annual" : "monthly";
}

export const formatPlanPrice = (plan: Plan) => `$${plan.price}/${plan.interval}`;
