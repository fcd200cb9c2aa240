import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { TIMINGS, toggleBranch, usesMobileHeader } from '../k3-behaviour.ts';
import { MENU, type MenuItem, SITE_ROOT } from './content.ts';
import { useViewportWidth } from './use-viewport.ts';

function SubmenuToggle({
  item,
  path,
  open,
  onToggle,
}: {
  item: MenuItem;
  path: string[];
  open: boolean;
  onToggle: (path: string[]) => void;
}) {
  return (
    <button
      type="button"
      className="submenu-toggle"
      aria-expanded={open}
      aria-label={`Submenu ${item.label}`}
      onClick={() => onToggle(path)}
    >
      <span aria-hidden="true">▾</span>
    </button>
  );
}

function MenuList({
  items,
  path,
  mobile,
  openBranches,
  onToggle,
}: {
  items: readonly MenuItem[];
  path: string[];
  mobile: boolean;
  openBranches: string[];
  onToggle: (path: string[]) => void;
}) {
  return (
    <ul className={path.length === 0 ? 'menu' : 'submenu'}>
      {items.map((item) => {
        const itemPath = [...path, item.id];
        const open = openBranches.includes(itemPath.join('/'));
        return (
          <li
            key={item.id}
            className={item.children ? 'has-children' : undefined}
            data-open={mobile && open ? '' : undefined}
          >
            <a href={item.href}>{item.label}</a>
            {item.children && mobile && <SubmenuToggle item={item} path={itemPath} open={open} onToggle={onToggle} />}
            {item.children && (
              <MenuList
                items={item.children}
                path={itemPath}
                mobile={mobile}
                openBranches={openBranches}
                onToggle={onToggle}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Search() {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    // Site spec §9: the field takes the focus 200 ms after the icon opens it.
    const timer = setTimeout(() => field.current?.focus(), TIMINGS.searchFocusMs);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <div className="search" data-active={open ? '' : undefined}>
      <button
        type="button"
        className="search-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label="Cari"
        onClick={() => setOpen((now) => !now)}
      >
        <span aria-hidden="true">⌕</span>
      </button>
      <form id={id} role="search" className="search-form" hidden={!open} action={SITE_ROOT}>
        <label className="visually-hidden" htmlFor={`${id}-field`}>
          Cari di situs
        </label>
        <input id={`${id}-field`} ref={field} type="search" name="s" placeholder="Cari..." />
      </form>
    </div>
  );
}

/**
 * Each desktop submenu that would run past the window's right edge opens toward the left instead: the first level
 * aligns with its item's right edge, a deeper level opens on its parent's left side. Measured parents first, since a
 * deeper level's place follows its parent's. Hidden submenus are laid out too, so one left hanging off the edge
 * would widen the page even while closed.
 */
function useSubmenusInsideWindow(nav: React.RefObject<HTMLElement | null>, mobile: boolean, width: number): void {
  useLayoutEffect(() => {
    const submenus = Array.from(nav.current?.querySelectorAll<HTMLElement>('.submenu') ?? []);
    for (const submenu of submenus) delete submenu.dataset.opens;
    if (mobile) return;
    const windowRight = document.documentElement.clientWidth;
    for (const submenu of submenus) {
      if (submenu.getBoundingClientRect().right > windowRight) submenu.dataset.opens = 'start';
    }
  }, [nav, mobile, width]);
}

/**
 * The site header (site spec §2): a desktop menu whose submenus open on hover and focus; below 921 px a menu
 * toggle, submenus opened by their indicator, one branch at a time, sliding in 300 ms.
 */
export function Header({ children }: { children?: React.ReactNode }) {
  const width = useViewportWidth();
  const mobile = usesMobileHeader(width);
  const [menuOpen, setMenuOpen] = useState(false);
  const [branches, setBranches] = useState<string[]>([]);
  const navId = useId();
  const nav = useRef<HTMLElement>(null);
  useSubmenusInsideWindow(nav, mobile, width);
  useEffect(() => {
    if (!mobile) {
      setMenuOpen(false);
      setBranches([]);
    }
  }, [mobile]);
  return (
    <header className="site-header" data-layout={mobile ? 'mobile' : 'desktop'}>
      {children}
      <a className="brand" href={SITE_ROOT}>
        K3 Nusantara
      </a>
      {mobile && (
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((now) => !now)}
        >
          Menu
        </button>
      )}
      <nav
        ref={nav}
        id={navId}
        aria-label="Menu utama"
        className="main-nav"
        data-open={!mobile || menuOpen ? '' : undefined}
      >
        <MenuList
          items={MENU}
          path={[]}
          mobile={mobile}
          openBranches={branches}
          onToggle={(path) => setBranches((open) => toggleBranch(open, path))}
        />
      </nav>
      <Search />
    </header>
  );
}
