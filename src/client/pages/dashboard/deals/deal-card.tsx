import { useEffect, useRef, useState, type PointerEvent } from "react";
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { detectNonstop } from "../../../../domain/deals.ts";
import { airlineMark, cityOf, dealName, dealStatus, money } from "./format.ts";
import { FitsBadge, NonstopMark, StatusBadge } from "./deals-table.tsx";
import { ShareDealButton } from "../trips/share-deal-button.tsx";
import { Button } from "../../../components/button.tsx";

/** docs/product-rules.md §9: a left swipe of more than 80 px opens the card; it then sits 100 px to the left, showing Delete. */
export const SWIPE_THRESHOLD_PX = 80;
export const SWIPE_OPEN_PX = 100;
/** How far a drag goes before it counts as a swipe rather than a tap. */
const DRAG_START_PX = 8;
/** An open card closes when swiped back this far. */
const SWIPE_BACK_PX = 40;

interface Props {
  deal: FlightDeal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onView: (deal: FlightDeal) => void;
  onDelete: (deal: FlightDeal) => void;
  deleting: boolean;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  dx: number;
  swiping: boolean;
}

/**
 * docs/product-rules.md §2 phone card (< 768 px): airline, price, destination, dates and nonstop. Swiping left reveals
 * Delete; swiping back, or a tap anywhere else, hides it. The ⋯ button does the same for keyboard and mouse.
 */
export function DealCard({ deal, open, onOpenChange, onView, onDelete, deleting }: Props) {
  const [dragOffset, setDragOffset] = useState<number | null>(null);
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const root = useRef<HTMLLIElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusDelete = useRef(false);
  const status = dealStatus(deal);
  const name = dealName(deal);

  // A tap anywhere else closes an open card.
  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open, onOpenChange]);

  useEffect(() => {
    if (open && focusDelete.current) deleteButton.current?.focus();
    focusDelete.current = false;
  }, [open]);

  const base = open ? -SWIPE_OPEN_PX : 0;
  const offset = dragOffset ?? base;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, dx: 0, swiping: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.swiping) {
      if (Math.abs(dx) < DRAG_START_PX || Math.abs(dx) < Math.abs(dy)) return;
      current.swiping = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    current.dx = dx;
    setDragOffset(Math.min(0, Math.max(-SWIPE_OPEN_PX - 24, base + dx)));
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.swiping) return;
    swallowClick.current = true;
    setDragOffset(null);
    if (cancelled) return;
    if (!open && current.dx < -SWIPE_THRESHOLD_PX) onOpenChange(true);
    else if (open && current.dx > SWIPE_BACK_PX) onOpenChange(false);
  };

  return (
    <li ref={root} className={`deal-card-wrap${open ? " is-open" : ""}${dragOffset !== null && dragOffset < 0 ? " is-revealing" : ""}`} data-deal-id={deal.id}>
      <div className="deal-card-actions">
        <Button
          ref={deleteButton}
          type="button"
          className="danger"
          disabled={deleting}
          aria-busy={deleting}
          aria-label={`Delete ${name}`}
          onClick={() => onDelete(deal)}
        >
          Delete
        </Button>
      </div>
      <div
        className={`deal-card is-${status}${dragOffset !== null ? " is-dragging" : ""}`}
        style={{ transform: offset === 0 ? undefined : `translateX(${offset}px)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
        onClickCapture={(event) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.stopPropagation();
          event.preventDefault();
        }}
      >
        <Button type="button" className="deal-card-main" aria-label={`View details of ${name}`} onClick={() => (open ? onOpenChange(false) : onView(deal))}>
          <span className="deal-card-top">
            <span className="airline-mark" aria-hidden="true">
              {airlineMark(deal.airline)}
            </span>
            <span className="deal-card-airline">{deal.airline}</span>
            <StatusBadge status={status} />
            <strong className="deal-card-price">{money(deal.startingPrice)}</strong>
          </span>
          <span className="deal-card-route">
            <span className="dest-code">{deal.destination}</span> {cityOf(deal)}
            {deal.percentBelowTypical > 0 && <small className="price-off">−{deal.percentBelowTypical}%</small>}
          </span>
          <span className="deal-card-meta">
            <span>{deal.travelDates}</span>
            <NonstopMark answer={detectNonstop(deal)} long />
          </span>
          <FitsBadge deal={deal} />
        </Button>
        <ShareDealButton deal={deal} className="deal-card-more deal-card-share" compact />
        <Button
          type="button"
          className="deal-card-more"
          aria-label={`Actions for ${name}`}
          aria-expanded={open}
          onClick={() => {
            focusDelete.current = !open;
            onOpenChange(!open);
          }}
        >
          <span aria-hidden="true">⋯</span>
        </Button>
      </div>
    </li>
  );
}
