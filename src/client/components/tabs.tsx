import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "./button.tsx";

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

interface TabListProps<Id extends string> {
  label: string;
  tabs: TabItem<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  /** Ties each tab to its panel: `${idPrefix}-tab-${id}` and `${idPrefix}-panel-${id}`. */
  idPrefix: string;
}

/**
 * The WAI-ARIA tabs pattern: one tab stop (roving tabindex); Left/Right move and select, Home/End jump to the
 * first and last tab.
 */
export function TabList<Id extends string>({ label, tabs, active, onChange, idPrefix }: TabListProps<Id>) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    listRef.current?.querySelectorAll<HTMLButtonElement>("[role=tab]")[next]?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <Button
            key={tab.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </Button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, id, active, children }: { idPrefix: string; id: string; active: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`} hidden={!active} className="tab-panel">
      {children}
    </div>
  );
}

export const useTabsId = () => useId().replace(/:/g, "");
