import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { CARD_NOT_CONFIRMED, readSetupReturn, type SetupReturn, withoutSetupReturn } from "../../billing/setup-return.ts";
import { useToast } from "../../components/toast.tsx";
import type { FinishSignup } from "./use-finish-signup.ts";

/**
 * Back from card authentication (setup-return.ts): the signup is finished as the in-page form finishes it.
 * If it cannot be, the toast says why and the page shows step 1 again at its own URL.
 */
export function useSetupReturn(finishSignup: FinishSignup): SetupReturn | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const setupReturn = readSetupReturn(params);
  const handled = useRef(false);
  useEffect(() => {
    if (!setupReturn || handled.current) return;
    handled.current = true;
    void (async () => {
      if (setupReturn.succeeded) {
        if (await finishSignup(setupReturn.email, setupReturn.paidPlan)) return;
      } else {
        toast({ title: "Payment Failed", description: CARD_NOT_CONFIRMED, variant: "destructive" });
      }
      await navigate({ search: withoutSetupReturn(params) }, { replace: true });
    })();
  });
  return setupReturn;
}
