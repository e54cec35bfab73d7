import { useState } from "react";
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { api } from "../../../api.ts";
import { useToast } from "../../../components/toast.tsx";
import { usePendingAction } from "../../../components/use-pending-action.ts";
import { errorMessage } from "../../../error-message.ts";
import { cityOf, money } from "../deals/format.ts";
import { useNotifyTripsChanged } from "./trips-changed.ts";
import { Button } from "../../../components/button.tsx";

/** Phones with the Web Share API get the system share sheet; elsewhere the link is copied. */
function canUseShareSheet(): boolean {
  return typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches;
}

async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes (or finds) the deal's public link and hands it on: the share sheet on phones, else the clipboard. The link
 * is also shown beside the button, so the member sees it went and can copy it by hand if the clipboard refused.
 */
export function ShareDealButton({ deal, className, compact = false }: { deal: FlightDeal; className: string; compact?: boolean }) {
  const toast = useToast();
  const notifyTripsChanged = useNotifyTripsChanged();
  const [pending, run] = usePendingAction();
  const [shared, setShared] = useState<{ url: string; copied: boolean } | null>(null);

  const share = () =>
    run(async () => {
      let url: string;
      try {
        url = (await api.shareDeal(deal.id)).url;
      } catch (error) {
        toast({ title: "Couldn't share this deal", description: errorMessage(error, "Please try again."), variant: "destructive" });
        return;
      }
      notifyTripsChanged();
      if (canUseShareSheet()) {
        try {
          await navigator.share({ title: `${money(deal.startingPrice)} to ${cityOf(deal)}`, text: `RDU to ${cityOf(deal)}, ${deal.travelDates}`, url });
          return;
        } catch (error) {
          if (error instanceof DOMException && error.name === "AbortError") return;
        }
      }
      const copied = await copyLink(url);
      setShared({ url, copied });
      toast({ title: copied ? "Link copied" : "Link ready", description: copied ? "Paste it to your travel partner." : url });
    });

  return (
    <>
      <Button
        type="button"
        className={className}
        onClick={share}
        disabled={pending}
        aria-busy={pending}
        aria-label={compact ? `Share ${deal.airline} to ${cityOf(deal)}` : undefined}
      >
        {compact ? <span aria-hidden="true">↗</span> : "Share"}
      </Button>
      {shared && !compact && (
        <p className="trip-actions-note share-confirmation" role="status">
          {shared.copied ? "Link copied: " : "Your link: "}
          <a href={shared.url} target="_blank" rel="noopener noreferrer">
            {shared.url}
          </a>
        </p>
      )}
    </>
  );
}
