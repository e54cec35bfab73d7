import { useState } from "react";
import type { PlanType } from "../../../domain/api/common.ts";
import { LIMITS } from "../../../domain/validation.ts";
import { Button } from "../../components/button.tsx";
import { Form } from "../../components/form.tsx";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { errorMessage } from "../../error-message.ts";
import { useRootData } from "../../root-data.ts";
import { TermsDialog } from "../landing/legal-dialogs.tsx";
import { type Details, sendCode } from "./send-code.ts";
import { NameFields } from "../../components/name-fields.tsx";

/** Step 1: name and email. */
export function DetailsStep({
  planType,
  details,
  onChange,
  onCodeSent,
}: {
  planType: PlanType;
  details: Details;
  onChange: (details: Details) => void;
  onCodeSent: () => void;
}) {
  const toast = useToast();
  const { config } = useRootData();
  const [termsOpen, setTermsOpen] = useState(false);
  const [pending, run] = usePendingAction();
  const set = (name: keyof Details) => (event: { target: { value: string } }) => onChange({ ...details, [name]: event.target.value });

  const submit = () => {
    const email = details.email.trim();
    if (!email || !details.firstName.trim() || !details.lastName.trim()) {
      toast({ title: "Required Fields Missing", description: "Please enter your email, first name, and last name.", variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        await sendCode(details, planType);
        onCodeSent();
      } catch (error) {
        toast({ title: "Subscription Error", description: errorMessage(error, "Failed to start your signup. Please try again."), variant: "destructive" });
      }
    });
  };

  return (
    <article>
      <header>
        <p className="step">Step 1 of 3</p>
        <h2>Your details</h2>
      </header>
      <Form onSubmit={submit} noValidate>
        <NameFields firstName={details.firstName} lastName={details.lastName} onChange={set} autoFill={true} />
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} value={details.email} onChange={set("email")} />
        </label>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          Continue
        </Button>
        <small className="muted">
          By continuing you confirm you are 18 or older and accept our{" "}
          <Button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
            Terms of Service
          </Button>
          .
        </small>
      </Form>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} supportEmail={config.supportEmail} />
    </article>
  );
}
