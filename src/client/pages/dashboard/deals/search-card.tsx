import { useId } from "react";
import type { TravelWindow } from "../../../../domain/api/alerts.ts";
import { suggestDestinations } from "../../../../domain/destinations.ts";
import { EmailAlertsSwitch } from "../email-alerts-switch.tsx";
import { DatePicker } from "./date-picker.tsx";
import { DestinationAutocomplete } from "./destination-autocomplete.tsx";
import { Button } from "../../../components/button.tsx";
import { Form } from "../../../components/form.tsx";
import { useHydrated } from "../../../components/use-hydrated.ts";

export interface SearchDraft {
  /** What is typed in the Destination field: a code, or a city. */
  destination: string;
  begin: Date | null;
  end: Date | null;
  anyDates: boolean;
  nonstopOnly: boolean;
}

export const EMPTY_DRAFT: SearchDraft = { destination: "", begin: null, end: null, anyDates: false, nonstopOnly: false };

/** The code the Destination field means: a typed code, or the airport of a city typed out in full. */
export function destinationCode(text: string): string {
  const typed = text.trim();
  if (typed === "" || /^[a-z]{3}$/i.test(typed)) return typed.toUpperCase();
  const city = typed.toLowerCase();
  return suggestDestinations(typed, 50).find((s) => s.city.toLowerCase() === city)?.code ?? typed.toUpperCase();
}

export interface DateErrors {
  begin: string | null;
  end: string | null;
}

interface Props {
  emailAlerts: boolean;
  draft: SearchDraft;
  onDraftChange: (change: Partial<SearchDraft>, edited?: "begin" | "end") => void;
  today: Date | null;
  dateErrors: DateErrors;
  filterActive: boolean;
  onSearch: () => void;
  onClear: () => void;
  /** The subscriber's travel windows: choosing one fills Begin and End. */
  windows: TravelWindow[];
  onLoadWindow: (id: number) => void;
}

/** docs/product-rules.md §2 'Search Flight Deals': email alerts, destination, begin and end dates, any dates, nonstop only. */
export function SearchCard({ emailAlerts, draft, onDraftChange, today, dateErrors, filterActive, onSearch, onClear, windows, onLoadWindow }: Props) {
  const anyDatesId = useId();
  const windowId = useId();
  const nonstopId = useId();
  const hydrated = useHydrated();
  const submit = () => {
    onSearch();
  };
  const beginMax = draft.end;
  const endMin = draft.begin && today && draft.begin > today ? draft.begin : (draft.begin ?? today);

  return (
    <article className="search-card" aria-labelledby="search-title">
      <header className="card-header">
        <div>
          <h2 id="search-title">Search Flight Deals</h2>
          <p className="card-subtitle">Narrow your list by where and when you want to go.</p>
        </div>
        <EmailAlertsSwitch enabled={emailAlerts} />
      </header>
      <Form className="search-form" onSubmit={submit} noValidate>
        <div className="search-fields">
          <DestinationAutocomplete label="Destination" value={draft.destination} onChange={(destination) => onDraftChange({ destination })} />
          <DatePicker
            label="Begin"
            value={draft.begin}
            min={today}
            max={beginMax}
            disabled={draft.anyDates}
            error={draft.anyDates ? null : dateErrors.begin}
            onChange={(begin) => onDraftChange({ begin }, "begin")}
          />
          <DatePicker
            label="End"
            value={draft.end}
            min={endMin}
            disabled={draft.anyDates}
            error={draft.anyDates ? null : dateErrors.end}
            onChange={(end) => onDraftChange({ end }, "end")}
          />
        </div>
        {windows.length > 0 && (
          <label htmlFor={windowId} className="load-window">
            Dates from a travel window
            <select id={windowId} value="" disabled={!hydrated} onChange={(event) => onLoadWindow(Number(event.target.value))}>
              <option value="">Choose a window…</option>
              {windows.map((window) => (
                <option key={window.id} value={window.id}>
                  {window.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="search-options">
          <label htmlFor={anyDatesId}>
            <input id={anyDatesId} type="checkbox" checked={draft.anyDates} onChange={(event) => onDraftChange({ anyDates: event.target.checked })} />
            Any dates available
          </label>
          <label htmlFor={nonstopId}>
            <input id={nonstopId} type="checkbox" checked={draft.nonstopOnly} onChange={(event) => onDraftChange({ nonstopOnly: event.target.checked })} />
            Nonstop flights only
          </label>
          <div className="search-actions">
            {filterActive && (
              <Button type="button" className="secondary outline" onClick={onClear}>
                Clear Filter
              </Button>
            )}
            <Button type="submit">Search Preferences</Button>
          </div>
        </div>
      </Form>
    </article>
  );
}
