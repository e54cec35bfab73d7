import { DESTINATION_COUNTS } from "../../../domain/destinations.ts";
import { TRIAL_DAYS } from "../../../domain/plans.ts";

const ICONS = {
  subscribe: "M4 6h16v12H4zM4 7l8 6 8-6",
  deals: "M6 8a6 6 0 0 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0",
  book: "M3 12h18M3 12l5-5M3 12l5 5M14 5l7 7-7 7",
};

const STEPS = [
  {
    title: "Subscribe",
    icon: ICONS.subscribe,
    text: `Sign up for the ${TRIAL_DAYS}-day free trial on the monthly or annual plan. It takes a minute, and you can cancel anytime.`,
  },
  {
    title: "Get Deals",
    icon: ICONS.deals,
    text: `We watch fares from RDU to ${DESTINATION_COUNTS.total} nonstop destinations (${DESTINATION_COUNTS.domestic} domestic and ${DESTINATION_COUNTS.international} international) around the clock and send instant alerts when prices drop. Keep email alerts on, or log in on your own time to browse your deals.`,
  },
  {
    title: "Book and Save",
    icon: ICONS.book,
    text: "Book directly with the airline from the deal's details. No middleman, no booking fees: you pay the airline's price.",
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className="section" aria-labelledby="how-it-works-title">
      <div className="container">
        <hgroup className="section-head">
          <h2 id="how-it-works-title">How It Works</h2>
          <p>Three steps from a price drop to a cheaper trip.</p>
        </hgroup>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <article>
                <span className="step-icon" aria-hidden="true">
                  <svg width="28" height="28" viewBox="0 0 24 24" focusable="false">
                    <path d={step.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </span>
                <h3>
                  {index + 1}. {step.title}
                </h3>
                <p>{step.text}</p>
              </article>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
