import { REFERRAL_RULES } from "../../../domain/referrals.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Button } from "../../components/button.tsx";

interface LegalDialogProps {
  open: boolean;
  onClose: () => void;
  supportEmail: string;
}

function CloseFooter({ onClose }: { onClose: () => void }) {
  return (
    <Button type="button" className="secondary" onClick={onClose}>
      Close
    </Button>
  );
}

export function TermsDialog({ open, onClose, supportEmail }: LegalDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Terms of Service" wide footer={<CloseFooter onClose={onClose} />}>
      <div className="legal">
        <p>
          These terms govern your use of GoRDU, a subscription service that alerts you to flight deals departing Raleigh-Durham International Airport (RDU). By
          subscribing you agree to them.
        </p>
        <h3>Eligibility</h3>
        <p>Subscribers must be 18 or older.</p>
        <h3>The service</h3>
        <p>
          GoRDU finds and shares fares; it does not sell flights. You book directly with the airline, and the airline's price, rules and terms apply to your
          booking. Fares change quickly and a deal may no longer be available when you book.
        </p>
        <h3>Subscriptions, billing and refunds</h3>
        <p>
          Monthly and annual plans start with a 7-day free trial and then renew automatically at the listed price in US dollars until cancelled. You can cancel
          anytime from your account dashboard. Cancelling during the free trial lets the trial run to its end, and nothing is charged. After the trial there is
          no refund for amounts paid or for partial periods: a cancelled monthly plan runs to the end of the month paid for. Cancelling an annual plan ends
          access immediately.
        </p>
        <h3>Pausing your membership</h3>
        <p>
          Instead of cancelling, a member on a paid monthly or annual plan can pause from the account dashboard for 1, 2 or 3 months, once in any 12 months
          (counted from the day a pause starts; ending a pause early does not give it back). A free trial, a complimentary account, or a membership already set
          to end can't be paused. While paused, deal alerts and the deal list stop, and your plan's next renewal moves later by the length of the pause (1, 2 or
          3 calendar months), so you keep all the time you paid for and nothing is charged before the new renewal date. The membership resumes by itself on the
          date chosen, and we email you the day before. You can resume sooner at any time; your renewal then moves back by the part of the pause you didn't use.
        </p>
        <h3 id="referrals">Referrals</h3>
        <ul>
          {REFERRAL_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <h3>Limitation of liability</h3>
        <p>
          To the extent the law allows, GoRDU's total liability for any claim is capped at the amounts you paid us in the prior 12 months. We are not
          responsible for airline schedules, prices, changes or cancellations.
        </p>
        <h3>Governing law</h3>
        <p>These terms are governed by North Carolina law.</p>
        <h3>Contact</h3>
        <p>
          Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </div>
    </Dialog>
  );
}

export function PrivacyDialog({ open, onClose, supportEmail }: LegalDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Privacy Policy" wide footer={<CloseFooter onClose={onClose} />}>
      <div className="legal">
        <h3>What we store</h3>
        <p>
          Your email address and name, your address and phone number if you choose to give them, your alert preferences, and the deals we've shown you. Messages
          sent through our contact form are kept so we can answer them.
        </p>
        <h3>Payments</h3>
        <p>Payments are handled by Stripe. We never see or store your full card number.</p>
        <h3>Email</h3>
        <p>We send deal alerts and account emails through our mail provider. You can turn deal alerts off at any time from your dashboard.</p>
        <h3>What we don't do</h3>
        <p>We don't sell or rent your data to anyone.</p>
        <h3>Cookies</h3>
        <p>We use a cookie to keep you signed in, and no advertising or tracking cookies. Stripe's payment form may set its own cookies to prevent fraud.</p>
        <h3>Contact</h3>
        <p>
          Questions or requests about your data: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </div>
    </Dialog>
  );
}
