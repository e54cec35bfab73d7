import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { cityForCode } from "../../../../domain/airports.ts";
import { suggestDestinations } from "../../../../domain/destinations.ts";

/** docs/product-rules.md §9: at most 8 suggestions; the list closes 150 ms after the field loses focus. */
export const MAX_SUGGESTIONS = 8;
export const CLOSE_AFTER_BLUR_MS = 150;

interface Props {
  value: string;
  onChange: (value: string) => void;
  label: string;
}

/** A combobox over every known airport: type a code or a city, pick with the mouse or arrows and Enter. */
export function DestinationAutocomplete({ value, onChange, label }: Props) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const suggestions = open ? suggestDestinations(value, MAX_SUGGESTIONS) : [];
  const expanded = open && suggestions.length > 0;
  const code = value.trim().toUpperCase();
  const knownCity = /^[A-Z]{3}$/.test(code) ? cityForCode(code) : undefined;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const choose = (chosen: string) => {
    onChange(chosen);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      const count = open ? suggestions.length : suggestDestinations(value, MAX_SUGGESTIONS).length;
      if (count === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current === -1 && step === -1 ? count - 1 : (current + step + count) % count));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!.code);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="autocomplete">
      <label htmlFor={inputId}>{label}</label>
      <div className="autocomplete-field">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder="City or airport code"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-describedby={hintId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => clearTimeout(closeTimer.current)}
          onBlur={() => {
            clearTimeout(closeTimer.current);
            closeTimer.current = setTimeout(() => {
              setOpen(false);
              setActive(-1);
            }, CLOSE_AFTER_BLUR_MS);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label="Destination suggestions" className="autocomplete-list" hidden={!expanded}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.code}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? "active" : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(suggestion.code)}
            >
              <span className="autocomplete-code">{suggestion.code}</span>
              <span className="autocomplete-city">{suggestion.city}</span>
            </li>
          ))}
        </ul>
      </div>
      <small id={hintId} className="field-hint">
        {knownCity ? `${knownCity}` : "Leave empty for every destination"}
      </small>
    </div>
  );
}
