import { DESTINATION_COUNTS } from "../../../domain/destinations.ts";
import { TRIAL_DAYS } from "../../../domain/plans.ts";
import { SectionLink } from "./section-link.tsx";

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <div>
          <p className="eyebrow">Flight deals from Raleigh-Durham (RDU)</p>
          <h1 id="hero-title">Never Miss a Deal from RDU</h1>
          <p className="tagline">Raleigh. Set. Go.</p>
          <p className="hero-lead">Take off with 7 days free-join today!</p>
          <div className="hero-actions">
            <SectionLink to="pricing" role="button" className="hero-primary">
              Get Started
            </SectionLink>
            <SectionLink to="how-it-works" role="button" className="hero-secondary">
              See How It Works
            </SectionLink>
          </div>
          <ul className="hero-facts">
            <li>
              <strong>{DESTINATION_COUNTS.total}</strong> nonstop destinations
            </li>
            <li>
              <strong>24/7</strong> fare monitoring
            </li>
            <li>
              <strong>{TRIAL_DAYS}-day</strong> free trial
            </li>
          </ul>
        </div>
        <svg className="hero-art" viewBox="0 0 320 240" aria-hidden="true" focusable="false">
          <path d="M20 200C90 190 150 120 290 40" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="3" strokeDasharray="2 12" strokeLinecap="round" />
          <circle cx="20" cy="200" r="9" fill="#fff" />
          <circle cx="20" cy="200" r="18" fill="#fff" fillOpacity=".2" />
          <text x="38" y="226" fill="#fff" fontSize="18" fontWeight="700" fontFamily="inherit">
            RDU
          </text>
          <g transform="translate(236 44) rotate(-30) scale(1.4)">
            <path fill="#fff" d="M52 30c2 0 4 1 4 2s-2 2-4 2H38l-10 16h-6l6-16h-9l-4 5h-5l3-7-3-7h5l4 5h9l-6-16h6l10 16z" transform="translate(-30 -32)" />
          </g>
        </svg>
      </div>
    </section>
  );
}
