import { useEffect, useId, useRef, useState, type KeyboardEvent, type ToggleEvent } from "react";
import type { AdminUser } from "../../../domain/api/admin.ts";
import { Button } from "../../components/button.tsx";

export type SubscriptionAction = "reactivate" | "pause" | "cancel";

interface MenuItem {
  action: SubscriptionAction;
  label: string;
  /** Why the action does not apply now; undefined when it does. */
  unavailable?: string;
}

/** Which actions make sense for the subscription as it stands (the server refuses the others). */
export function subscriptionMenuItems(user: AdminUser): MenuItem[] {
  const status = user.subscriptionStatus;
  const ended = status === "Cancelled";
  const canReactivate = status === "Paused" || ended || user.cancelAtPeriodEnd;
  return [
    { action: "reactivate", label: "Re-activate", unavailable: canReactivate ? undefined : "The subscription is already active." },
    { action: "pause", label: "Pause Sub", unavailable: status === "Paused" ? "Already paused." : ended ? "The subscription has ended." : undefined },
    { action: "cancel", label: "Cancel Sub", unavailable: ended ? "The subscription has ended." : undefined },
  ];
}

interface SubscriptionMenuProps {
  user: AdminUser;
  busy: boolean;
  onAction: (action: SubscriptionAction, user: AdminUser) => void;
}

/**
 * The row's 'Subscription' menu (WAI-ARIA menu button). It opens as a popover in the top layer, so the table's
 * scrolling wrapper cannot clip it; the browser closes it on Escape or an outside click. Up/Down/Home/End
 * move between items; Tab or scrolling closes it.
 */
export function SubscriptionMenu({ user, busy, onAction }: SubscriptionMenuProps) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<"first" | "last">("first");
  const items = subscriptionMenuItems(user);

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? []);
  const close = (returnFocus: boolean) => {
    if (menuRef.current?.matches(":popover-open")) menuRef.current.hidePopover();
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onScroll = (event: Event) => {
      if (!menuRef.current?.contains(event.target as Node)) close(false);
    };
    const onResize = () => close(false);
    window.addEventListener("scroll", onScroll, true);
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("scroll", onScroll, true);
      window.removeEventListener("resize", onResize);
    };
  }, [open]);

  /** Right-aligned under the button, or above it when there is no room below. */
  const place = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState !== "open") return;
    const button = buttonRef.current!.getBoundingClientRect();
    const menu = event.currentTarget;
    menu.style.right = `${Math.max(8, document.documentElement.clientWidth - button.right)}px`;
    menu.style.left = "auto";
    menu.style.top = `${button.bottom + 4}px`;
    menu.style.bottom = "auto";
    requestAnimationFrame(() => {
      const height = menu.getBoundingClientRect().height;
      if (button.bottom + 4 + height > window.innerHeight && button.top - 4 - height > 0) {
        menu.style.top = `${button.top - 4 - height}px`;
      }
    });
  };

  const onToggle = (event: ToggleEvent<HTMLDivElement>) => {
    const isOpen = event.newState === "open";
    setOpen(isOpen);
    if (isOpen) {
      const available = menuItems().filter((item) => item.getAttribute("aria-disabled") !== "true");
      (focusOnOpen.current === "last" ? available.at(-1) : available[0])?.focus();
      focusOnOpen.current = "first";
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    focusOnOpen.current = event.key === "ArrowUp" ? "last" : "first";
    menuRef.current?.showPopover();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    const target = {
      ArrowDown: all[(index + 1) % all.length],
      ArrowUp: all[(index - 1 + all.length) % all.length],
      Home: all[0],
      End: all.at(-1),
    }[event.key];
    if (target) {
      event.preventDefault();
      target.focus();
    } else if (event.key === "Tab") {
      close(false);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    }
  };

  const choose = (item: MenuItem) => {
    if (item.unavailable || busy) return;
    close(true);
    onAction(item.action, user);
  };

  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        className="secondary outline small menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        popoverTarget={menuId}
        aria-busy={busy}
        onKeyDown={onButtonKeyDown}
      >
        Subscription
      </Button>
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={`Subscription actions for ${user.email}`}
        className="menu-popover"
        onBeforeToggle={place}
        onToggle={onToggle}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item) => (
          <Button
            key={item.action}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.unavailable ? true : undefined}
            className={item.action === "cancel" ? "menu-item menu-item-danger" : "menu-item"}
            onClick={() => choose(item)}
          >
            {item.label}
            {item.unavailable && <small className="menu-item-note">{item.unavailable}</small>}
          </Button>
        ))}
      </div>
    </>
  );
}
