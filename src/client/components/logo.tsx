import { Link } from "react-router";

/** The plane mark from the favicon, drawn inline so it needs no request. */
function PlaneMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b5cad" />
      <path fill="#fff" d="M52 30c2 0 4 1 4 2s-2 2-4 2H38l-10 16h-6l6-16h-9l-4 5h-5l3-7-3-7h5l4 5h9l-6-16h6l10 16z" />
    </svg>
  );
}

/** The one GoRDU logo on every page: the plane mark and the "GoRDU" wordmark. */
export function Logo() {
  return (
    <span className="logo">
      <PlaneMark />
      <span>
        Go<b>RDU</b>
      </span>
    </span>
  );
}

/** The logo as the way home, at the top of every page. */
export function LogoLink({ className }: { className?: string }) {
  return (
    <Link to="/" className={className ? `logo-link ${className}` : "logo-link"} aria-label="GoRDU home">
      <Logo />
    </Link>
  );
}
