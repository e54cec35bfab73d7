import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isAfter,
  isBefore,
  isSameDay,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "../../../components/button.tsx";

interface Props {
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  disabled?: boolean;
  /** Days before this one cannot be chosen. */
  min?: Date | null;
  /** Days after this one cannot be chosen. */
  max?: Date | null;
  error?: string | null;
}

const WEEKDAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"];

/** docs/product-rules.md §2: a date shown as 'MMM dd' on a button that opens a small month calendar. */
export function DatePicker({ label, value, onChange, disabled, min, max, error }: Props) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const errorId = useId();
  const popoverId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  // A click or focus outside the picker closes it.
  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
    };
  }, [open]);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div className={`date-field${disabled ? " is-disabled" : ""}`} ref={root}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <Button
        ref={trigger}
        type="button"
        className="date-trigger"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        <CalendarIcon />
        <span id={valueId} className={value ? undefined : "muted"}>
          {value ? format(value, "MMM dd") : "Any date"}
        </span>
      </Button>
      {error && (
        <small id={errorId} className="field-error" role="alert">
          {error}
        </small>
      )}
      {open && (
        <Calendar
          id={popoverId}
          label={`Choose ${label.toLowerCase()} date`}
          value={value}
          min={min ?? null}
          max={max ?? null}
          onChoose={(day) => {
            onChange(day);
            close();
          }}
          onClear={() => {
            onChange(null);
            close();
          }}
          onClose={close}
        />
      )}
    </div>
  );
}

interface CalendarProps {
  id: string;
  label: string;
  value: Date | null;
  min: Date | null;
  max: Date | null;
  onChoose: (day: Date) => void;
  onClear: () => void;
  onClose: () => void;
}

function Calendar({ id, label, value, min, max, onChoose, onClear, onClose }: CalendarProps) {
  const today = startOfDay(new Date());
  const initial = value ?? (min && isAfter(min, today) ? min : today);
  const [focused, setFocused] = useState<Date>(startOfDay(initial));
  const [month, setMonth] = useState<Date>(startOfMonth(initial));
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const titleId = useId();

  const outOfRange = (day: Date) => (min !== null && isBefore(day, startOfDay(min))) || (max !== null && isAfter(day, startOfDay(max)));

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>("button[tabindex='0']")?.focus();
  }, []);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>("button[tabindex='0']")?.focus();
  }, [focused]);

  const focusDay = (day: Date) => {
    moveFocus.current = true;
    setFocused(day);
    if (!isSameMonth(day, month)) setMonth(startOfMonth(day));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => startOfWeek(focused),
      End: () => endOfWeek(focused),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusDay(startOfDay(move()));
  };

  const weeks: Date[][] = [];
  const days = eachDayOfInterval({ start: startOfWeek(month), end: endOfWeek(endOfMonth(month)) });
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  // The one day reachable with Tab: the focused day, else the month's first day that can be chosen.
  const tabbable = isSameMonth(focused, month) && !outOfRange(focused) ? focused : (days.find((day) => isSameMonth(day, month) && !outOfRange(day)) ?? null);

  return (
    <div
      id={id}
      className="calendar"
      role="dialog"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="calendar-head">
        <Button type="button" className="calendar-nav" aria-label="Previous month" onClick={() => setMonth((m) => addMonths(m, -1))}>
          ‹
        </Button>
        <strong id={titleId} aria-live="polite">
          {format(month, "MMMM yyyy")}
        </strong>
        <Button type="button" className="calendar-nav" aria-label="Next month" onClick={() => setMonth((m) => addMonths(m, 1))}>
          ›
        </Button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={titleId} className="calendar-grid" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" abbr={day}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toISOString()}>
              {week.map((day) => {
                const inMonth = isSameMonth(day, month);
                const selected = value !== null && isSameDay(day, value);
                const blocked = outOfRange(day);
                return (
                  <td key={day.toISOString()} role="gridcell" aria-selected={selected}>
                    {inMonth && (
                      <Button
                        type="button"
                        tabIndex={tabbable !== null && isSameDay(day, tabbable) ? 0 : -1}
                        disabled={blocked}
                        aria-label={format(day, "EEEE, MMMM d, yyyy")}
                        aria-current={isSameDay(day, today) ? "date" : undefined}
                        aria-pressed={selected}
                        className={selected ? "selected" : undefined}
                        onClick={() => onChoose(day)}
                        onFocus={() => setFocused(day)}
                      >
                        {format(day, "d")}
                      </Button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="calendar-foot">
        <Button type="button" className="secondary outline" onClick={onClear}>
          Clear
        </Button>
        <Button type="button" className="secondary outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
