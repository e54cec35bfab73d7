import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";

export type SectionId = "how-it-works" | "pricing" | "faq";

export const SECTION_LINKS: { id: SectionId; label: string }[] = [
  { id: "how-it-works", label: "How It Works" },
  { id: "pricing", label: "Pricing" },
  { id: "faq", label: "FAQ" },
];

interface SectionLinkProps {
  to: SectionId;
  children: ReactNode;
  className?: string;
  role?: "button";
  onNavigate?: () => void;
}

/**
 * A link to a section of the landing page. Before hydration it is a plain fragment link; after, the click
 * goes through the router (a hash-only navigation, no loaders) so its scroll restoration scrolls to the
 * section instead of fighting a native fragment jump. Smoothness comes from CSS `scroll-behavior`.
 */
export function SectionLink({ to, children, className, role, onNavigate }: SectionLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(`#${to}`);
  };
  return (
    <a href={`#${to}`} className={className} role={role} onClick={onClick}>
      {children}
    </a>
  );
}
