import { Link } from "react-router";

/** The invitation under a public deal (a shared one, a recent one): what GoRDU does, and Subscribe. */
export function SubscribeInvitation() {
  return (
    <aside className="shared-deal-cta" aria-labelledby="shared-deal-cta-title">
      <h2 id="shared-deal-cta-title">Get deals like this from RDU</h2>
      <p>GoRDU watches fares from Raleigh-Durham around the clock and emails you when one drops. 7-day free trial.</p>
      <Link to="/subscribe" role="button">
        Subscribe
      </Link>
    </aside>
  );
}
