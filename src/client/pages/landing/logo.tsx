/** The plane mark from the favicon, drawn inline so it needs no request. */
export function PlaneIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b5cad" />
      <path fill="#fff" d="M52 30c2 0 4 1 4 2s-2 2-4 2H38l-10 16h-6l6-16h-9l-4 5h-5l3-7-3-7h5l4 5h9l-6-16h6l10 16z" />
    </svg>
  );
}

/** "GoRDU" wordmark with the plane mark; the accessible name is the product's name. */
export function Logo() {
  return (
    <span className="logo">
      <PlaneIcon />
      <span>
        Go<b>RDU</b>
      </span>
    </span>
  );
}
