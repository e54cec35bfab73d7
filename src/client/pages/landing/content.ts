/** Static marketing copy for the landing page: testimonials and the FAQ (docs/product-rules.md §1, §2, §9). */
import { DEAL_RULES } from "../../../domain/deal-rules.ts";
import { DESTINATION_COUNTS } from "../../../domain/destinations.ts";
import { PLANS, TRIAL_DAYS, formatPlanPrice } from "../../../domain/plans.ts";

export interface Testimonial {
  quote: string;
  author: string;
  location: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      "The alert came in on a Tuesday morning and I booked before lunch. I saved $340 on a roundtrip to Denver compared with what I'd been seeing all month.",
    author: "Sarah M.",
    location: "Raleigh, NC",
  },
  {
    quote: "Four of us flew nonstop to London for spring break and saved $1,200 on the tickets. GoRDU paid for itself many times over.",
    author: "James T.",
    location: "Durham, NC",
  },
  {
    quote: "I grabbed a $280 flight to San Juan for a long weekend. I just turned email alerts on and let the deals come to me.",
    author: "Priya K.",
    location: "Cary, NC",
  },
];

export interface FaqItem {
  question: string;
  answer: string;
  /** A page that says more, linked after the answer. */
  link?: { href: string; label: string };
}

export interface FaqGroup {
  title: string;
  items: FaqItem[];
}

const { total, domestic, international } = DESTINATION_COUNTS;

export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: "Core FAQs",
    items: [
      {
        question: "What is GoRDU?",
        answer:
          "GoRDU is a flight-deal subscription for travellers around Raleigh-Durham. We watch fares departing RDU, spot real price drops, and alert you so you can book before the price goes back up.",
      },
      {
        question: "How do I book a deal?",
        answer:
          "You book directly with the airline. Open a deal on your dashboard to see its Flight Deal Details, then press the Airline button to book on the airline's own website. GoRDU doesn't sell flights or add booking fees.",
      },
      {
        question: "Are the deals one-way or roundtrip?",
        answer:
          "Deals are generally roundtrip fares from RDU. Each deal shows its travel dates, trip type and seat class so you know exactly what you're getting.",
      },
      {
        question: "What counts as a deal?",
        answer: `A fare at least 20% below what the same kind of trip (a weekend or a week away) usually costs in that month, saving at least $${DEAL_RULES.domestic.minSaved} ($${DEAL_RULES.international.minSaved} abroad), and clearly outside the route's everyday ups and downs. We publish the whole rule.`,
        link: { href: "/how-we-find-deals", label: "How we find deals" },
      },
      {
        question: "How often do you check prices?",
        answer:
          "Our monitoring runs 24/7. New deals appear on your dashboard as soon as we find them, and subscribers with email alerts on hear about them right away.",
      },
      {
        question: "Is there a mobile app?",
        answer: "No. GoRDU is web only, and the site works on any phone, tablet or computer browser. There's nothing to install.",
      },
    ],
  },
  {
    title: "Subscription and Access FAQs",
    items: [
      {
        question: "How does the free trial work?",
        answer: `Both plans start with a ${TRIAL_DAYS}-day free trial. Cancel before the trial ends and you won't be charged.`,
      },
      {
        question: "How much does it cost?",
        answer: `The monthly plan is ${formatPlanPrice(PLANS.monthly)}. The annual plan is ${formatPlanPrice(PLANS.annual)}, which works out to $${PLANS.annual.monthlyEquivalent}/month. All prices are in US dollars (USD).`,
      },
      {
        question: "How do I cancel?",
        answer:
          "You can cancel anytime from your account dashboard. A free trial you cancel runs to its end, and nothing is charged. After the trial, cancelling an annual plan ends access immediately, as described in our Terms of Service.",
      },
      {
        question: "Do you offer refunds?",
        answer: "No. We don't refund amounts already paid or partial billing periods. You can cancel anytime to stop future charges.",
      },
      {
        question: "Can I turn email alerts off?",
        answer:
          "Yes. Email alerts can be turned on or off at any time from your dashboard. With alerts off, your deals are still waiting for you whenever you log in.",
      },
      {
        question: "Who can subscribe?",
        answer: "You must be 18 or older to subscribe to GoRDU.",
      },
    ],
  },
  {
    title: "Travel-Specific FAQs",
    items: [
      {
        question: "Which airports and destinations do you cover?",
        answer: `We track flights departing Raleigh-Durham International Airport (RDU) to ${total} nonstop destinations: ${domestic} domestic and ${international} international.`,
      },
      {
        question: "Can I see only nonstop flights or a specific destination?",
        answer:
          "Yes. Your dashboard lets you search deals by destination and travel dates, and filter to nonstop flights only. You can also browse every nonstop destination from RDU with the airlines that fly it.",
      },
      {
        question: "What currency are prices in?",
        answer: "All fares and subscription prices are shown in US dollars (USD).",
      },
      {
        question: "Will the price still be there when I book?",
        answer:
          "Fares change often and great deals can disappear quickly, so we recommend booking soon after an alert. The final price is whatever the airline shows at checkout.",
      },
    ],
  },
];
