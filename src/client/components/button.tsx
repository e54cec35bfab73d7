import type { ComponentProps } from "react";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Every button of the product (decision 104): disabled until React has taken over the page, so a tap before then is
 * refused where it can be seen instead of lost, and a form cannot be sent natively. Otherwise a plain <button>.
 */
export function Button({ type = "button", disabled, ...props }: ComponentProps<"button">) {
  const hydrated = useHydrated();
  return <button type={type} disabled={!hydrated || disabled} {...props} />;
}
