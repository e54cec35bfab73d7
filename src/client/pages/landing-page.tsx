import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { apiFromContext, useRootData } from "../root-data.ts";
import { RecentDeals } from "./landing/recent-deals.tsx";
import type { RecentDealsState } from "./recent-deals/recent-deal-list.tsx";
import { Faq } from "./landing/faq.tsx";
import { Hero } from "./landing/hero.tsx";
import { HowItWorks } from "./landing/how-it-works.tsx";
import { Pricing } from "./landing/pricing.tsx";
import { SiteFooter } from "./landing/site-footer.tsx";
import { SiteHeader } from "./landing/site-header.tsx";
import { Testimonials } from "./landing/testimonials.tsx";

const TITLE = "GoRDU · Flight deals from Raleigh-Durham (RDU)";
const DESCRIPTION =
  "GoRDU watches fares from Raleigh-Durham (RDU) around the clock and alerts you to real price drops. Book directly with the airline. Start with a 7-day free trial.";

/** The recent deals for the landing page and /deals; either page still renders when they cannot be read. */
export async function recentDealsLoader({ context }: LoaderFunctionArgs): Promise<RecentDealsState> {
  try {
    return { state: "ready", list: await apiFromContext(context).recentDeals() };
  } catch {
    return { state: "failed" };
  }
}

/**
 * The public landing page (docs/product-rules.md §2): header, hero, how it works, recent deals (decision 134),
 * pricing, testimonials, FAQ, footer.
 */
export function LandingPage() {
  const { appUrl } = useRootData().config;
  const recent = useLoaderData() as RecentDealsState;
  return (
    <>
      <title>{TITLE}</title>
      <meta name="description" content={DESCRIPTION} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="GoRDU" />
      <meta property="og:title" content={TITLE} />
      <meta property="og:description" content={DESCRIPTION} />
      <meta property="og:url" content={`${appUrl}/`} />
      <meta property="og:image" content={`${appUrl}/og-image.png`} />
      <link rel="canonical" href={`${appUrl}/`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content="GoRDU: Never Miss a Deal from RDU" />
      <meta name="twitter:card" content="summary_large_image" />
      <SiteHeader />
      <main className="landing">
        <Hero />
        <HowItWorks />
        <RecentDeals recent={recent} />
        <Pricing />
        <Testimonials />
        <Faq />
      </main>
      <SiteFooter />
    </>
  );
}
