import { type ReactNode, useEffect, useRef, useState } from 'react';
import { OPEN_SECTION_EVENT } from './anchors.ts';

export interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

/** Tabs (role tablist); a hash with a tab's id opens it. */
export function Tabs({ label, tabs }: { label: string; tabs: readonly Section[] }) {
  const [active, setActive] = useState(tabs[0]!.id);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    const onOpen = (event: Event) => setActive((event.target as HTMLElement).id.replace(/-panel$/, ''));
    element?.addEventListener(OPEN_SECTION_EVENT, onOpen);
    return () => element?.removeEventListener(OPEN_SECTION_EVENT, onOpen);
  }, []);
  const move = (event: React.KeyboardEvent, index: number) => {
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : null;
    if (next === null) return;
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    setActive(tab.id);
    root.current?.querySelector<HTMLElement>(`#${tab.id}`)?.focus();
  };
  return (
    <div className="tabs" ref={root}>
      <div role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            id={tab.id}
            role="tab"
            type="button"
            aria-selected={active === tab.id}
            aria-controls={`${tab.id}-panel`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${tab.id}-panel`}
          role="tabpanel"
          aria-labelledby={tab.id}
          hidden={active !== tab.id}
          tabIndex={0}
        >
          {tab.body}
        </div>
      ))}
    </div>
  );
}

/** Accordion items (disclosure buttons); a hash with an item's id opens it. */
export function Accordion({ items }: { items: readonly Section[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    const onOpen = (event: Event) => setOpen((event.target as HTMLElement).id);
    element?.addEventListener(OPEN_SECTION_EVENT, onOpen);
    return () => element?.removeEventListener(OPEN_SECTION_EVENT, onOpen);
  }, []);
  return (
    <div className="accordion" ref={root}>
      {items.map((item) => (
        <div key={item.id} className="accordion-item">
          <h3>
            <button
              id={item.id}
              type="button"
              aria-expanded={open === item.id}
              aria-controls={`${item.id}-body`}
              onClick={() => setOpen((now) => (now === item.id ? null : item.id))}
            >
              {item.title}
            </button>
          </h3>
          <div id={`${item.id}-body`} hidden={open !== item.id}>
            {item.body}
          </div>
        </div>
      ))}
    </div>
  );
}
