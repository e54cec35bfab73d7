import { useId, useState } from "react";
import type { ReferralSummary } from "../../../domain/api/referrals.ts";
import { REFERRAL_RULES } from "../../../domain/referrals.ts";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";

/**
 * The member's referral link (decision 135) with a copy button, and what it has earned. The link is shown as
 * text too, so it can be copied by hand when the clipboard refuses.
 */
export function ReferralPanel({ referrals }: { referrals: ReferralSummary }) {
  const toast = useToast();
  const linkId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referrals.link);
      setCopied(true);
      toast({ title: "Link copied", description: "Send it to a friend who travels." });
    } catch {
      toast({ title: "Couldn't copy the link", description: "Select the link and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <article id="referrals" aria-labelledby="referrals-title" className="referral-panel">
      <h2 id="referrals-title">Invite a friend, get a free month</h2>
      <p>When a friend joins through your link and pays for their plan, you get one month free (${referrals.monthValue} off your next payment).</p>
      <label htmlFor={linkId}>Your referral link</label>
      <div className="referral-link" role="group" aria-label="Your referral link">
        <input id={linkId} type="text" readOnly value={referrals.link} onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
      <ul className="referral-counts" aria-label="What your link has earned">
        <li>
          <strong>{referrals.joined}</strong> {referrals.joined === 1 ? "friend joined" : "friends joined"}
        </li>
        <li>
          <strong>{referrals.paid}</strong> paid
        </li>
        <li>
          <strong>{referrals.monthsEarned}</strong> {referrals.monthsEarned === 1 ? "free month earned" : "free months earned"}
        </li>
      </ul>
      <details>
        <summary>Referral rules</summary>
        <ul>
          {REFERRAL_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </details>
    </article>
  );
}
