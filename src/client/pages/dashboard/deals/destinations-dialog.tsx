import { useId, useState } from "react";
import { DESTINATION_COUNTS, searchDestinations, type Destination } from "../../../../domain/destinations.ts";
import { Dialog } from "../../../components/dialog.tsx";
import { Button } from "../../../components/button.tsx";

/**
 * docs/product-rules.md §2: 'Nonstop Destinations from RDU', searchable by city, code or airline, in a Domestic and an
 * International group. Choosing a destination hands its code to the search and closes the dialog.
 */
export function DestinationsDialog({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (code: string) => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Nonstop Destinations from RDU" wide>
      <DestinationsBrowser onChoose={onChoose} />
    </Dialog>
  );
}

function DestinationsBrowser({ onChoose }: { onChoose: (code: string) => void }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const found = searchDestinations(query);
  const domestic = found.filter((d) => d.region === "domestic");
  const international = found.filter((d) => d.region === "international");
  const searching = query.trim() !== "";

  return (
    <div className="destinations">
      <p className="muted destinations-intro">{DESTINATION_COUNTS.total} cities you can fly to without a connection. Choose one to see its deals.</p>
      <label htmlFor={searchId} className="visually-hidden">
        Search destinations
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search by city, code or airline"
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className="visually-hidden" role="status">
        {searching ? `${found.length} destinations match` : ""}
      </p>
      {found.length === 0 ? (
        <p className="destinations-empty">No nonstop destination matches “{query.trim()}”.</p>
      ) : (
        <>
          <DestinationGroup title={`Domestic (${DESTINATION_COUNTS.domestic})`} destinations={domestic} onChoose={onChoose} searching={searching} />
          <DestinationGroup
            title={`International (${DESTINATION_COUNTS.international})`}
            destinations={international}
            onChoose={onChoose}
            searching={searching}
          />
        </>
      )}
    </div>
  );
}

function DestinationGroup({
  title,
  destinations,
  onChoose,
  searching,
}: {
  title: string;
  destinations: Destination[];
  onChoose: (code: string) => void;
  searching: boolean;
}) {
  const headingId = useId();
  if (destinations.length === 0) return null;
  return (
    <section className="destination-group" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title}
        {searching && <small className="muted"> · {destinations.length} shown</small>}
      </h3>
      <ul className="destination-list">
        {destinations.map((destination) => (
          <li key={destination.code}>
            <Button type="button" className="destination-entry" onClick={() => onChoose(destination.code)}>
              <span className="destination-head">
                <span className="destination-city">{destination.city}</span>
                <span className="destination-code">{destination.code}</span>
              </span>
              <span className="destination-airlines">{destination.airlines.join(", ")}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
