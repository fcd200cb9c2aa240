import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuItem {
  label: string;
  onSelect(): void;
  danger?: boolean;
}

/**
 * A menu button (the WAI-ARIA pattern): Enter, Space or Down opens it on its first item, Up on its last; arrows, Home
 * and End move; Escape closes it and gives the focus back to the button; Tab or a click elsewhere closes it.
 */
export function Menu({
  label,
  items,
  children,
  className = 'btn-ghost btn-icon',
  namedByContent = false,
}: {
  label: string;
  items: (MenuItem | 'separator')[];
  children: ReactNode;
  className?: string;
  /** The button's words name it (and its menu): `label` is then not read, so what is seen is what is heard. */
  namedByContent?: boolean;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();
  const entries = () => [...(list.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
  // biome-ignore lint/correctness/useExhaustiveDependencies: entries() reads the list as drawn, no state of its own
  useEffect(() => {
    if (!open) return;
    const all = entries();
    (open === 'last' ? all.at(-1) : all[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!list.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };
  const onListKey = (event: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };
  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? id : undefined}
        id={`${id}-button`}
        aria-label={namedByContent ? undefined : label}
        onClick={() => (open ? setOpen(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={namedByContent ? undefined : label}
          aria-labelledby={namedByContent ? `${id}-button` : undefined}
          className="menu-list"
          onKeyDown={onListKey}
        >
          {items.map((item, index) =>
            item === 'separator' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: separators have nothing else to tell them apart
              <hr key={`separator-${index}`} />
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? 'danger' : undefined}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
