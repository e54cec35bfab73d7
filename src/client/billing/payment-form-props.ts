import type { ReactNode } from "react";

/** What every card form takes: the Stripe one and the built-in test one. */
export interface PaymentFormProps {
  clientSecret: string;
  submitLabel: string;
  /** Called once the provider confirmed the card; may throw, which re-enables the form. */
  onConfirmed: () => Promise<void>;
  /** The provider refused the card (its message) or could not be reached. */
  onFailed: (message: string) => void;
  /** Extra buttons shown beside the submit button (Cancel, ...). */
  actions?: ReactNode;
  /** Where the provider sends the browser back if card authentication leaves the page; this page by default. */
  returnUrl?: () => string;
}
