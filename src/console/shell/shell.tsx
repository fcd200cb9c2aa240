import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../api/client.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { hasKeptLanguage, useLanguage } from '../i18n/language.tsx';
import type { Language, StringKey } from '../i18n/strings.ts';
import { useSession } from '../session.ts';
import { BrandMark, Icon, type IconName } from './icons.tsx';
import { Menu } from './menu.tsx';

/** A site's sections, in the sidebar: the path under /sites/{id}, its words and icon. */
const SECTIONS: readonly (readonly [path: string, label: StringKey, icon: IconName])[] = [
  ['', 'popups', 'popups'],
  ['/leads', 'leads', 'leads'],
  ['/stats', 'stats', 'stats'],
  ['/ab-tests', 'abTests', 'abTests'],
  ['/people', 'people', 'people'],
  ['/destinations', 'delivery', 'delivery'],
  ['/settings', 'siteSettings', 'settings'],
];

const siteOf = (location: string) => {
  const match = /^\/sites\/([^/]+)/.exec(location);
  return match ? decodeURIComponent(match[1]) : null;
};

/** This tab's language: the choice stays in this tab (i18n/language.tsx), never written to the owner's other sessions. */
function LanguageSwitch() {
  const { language, setLanguage, t } = useLanguage();
  return (
    <label className="language">
      <span className="visually-hidden">{t('language')}</span>
      <select value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
        <option value="en" lang="en">
          English
        </option>
        <option value="he" lang="he">
          עברית
        </option>
      </select>
    </label>
  );
}

function SiteSwitcher({ clientId }: { clientId: string | null }) {
  const { t } = useLanguage();
  const { sites } = useSession();
  const [, navigate] = useLocation();
  const current = sites.find((site) => site.clientId === clientId);
  const name = current ? current.name || current.clientId : (clientId ?? t('chooseSite'));
  return (
    <div className="site-switcher">
      <Menu
        label={`${t('switchSite')}: ${name}`}
        className="btn"
        namedByContent
        items={[
          ...sites.map((site) => ({
            label: site.name || site.clientId,
            onSelect: () => navigate(`/sites/${encodeURIComponent(site.clientId)}`),
          })),
          'separator' as const,
          { label: t('allSites'), onSelect: () => navigate('/') },
        ]}
      >
        <span className="site-label">
          <small className="muted">{t('currentSite')}</small>
          <span>{name}</span>
        </span>
        <Icon name="chevron" size={16} />
      </Menu>
    </div>
  );
}

function Sidebar({ open, clientId }: { open: boolean; clientId: string | null }) {
  const { t } = useLanguage();
  const { owner } = useSession();
  const [location] = useLocation();
  const base = clientId ? `/sites/${encodeURIComponent(clientId)}` : '';
  const isCurrent = (path: string) =>
    location === base + path ||
    (path === '' && location.startsWith(`${base}/popups/`)) ||
    (path === '/destinations' && location.startsWith(`${base}/destinations/`));
  return (
    <aside id="sidebar" className={open ? 'sidebar open' : 'sidebar'}>
      <Link href="/" className="brand">
        <BrandMark />
        {t('appName')}
      </Link>
      <SiteSwitcher clientId={clientId} />
      {clientId && (
        <nav aria-label={t('siteSections')} className="nav-section">
          {SECTIONS.map(([path, label, icon]) => (
            <Link
              key={label}
              href={base + path}
              className="nav-link"
              aria-current={isCurrent(path) ? 'page' : undefined}
            >
              <Icon name={icon} />
              {t(label)}
            </Link>
          ))}
        </nav>
      )}
      <nav aria-label={t('mainNavigation')} className="nav-section sidebar-foot">
        <Link href="/" className="nav-link" aria-current={location === '/' ? 'page' : undefined}>
          <Icon name="sites" />
          {t('allSites')}
        </Link>
        {owner?.isAdmin && (
          <Link href="/owners" className="nav-link" aria-current={location === '/owners' ? 'page' : undefined}>
            <Icon name="owners" />
            {t('owners')}
          </Link>
        )}
      </nav>
    </aside>
  );
}

function AccountMenu() {
  const { t } = useLanguage();
  const { owner } = useSession();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => api.signOut(),
    onSettled: () => {
      client.setQueryData(['me'], null);
      client.removeQueries();
      navigate('/sign-in');
    },
  });
  if (!owner) return null;
  const initial = (owner.name || owner.email).trim().charAt(0).toUpperCase();
  return (
    <Menu
      label={t('accountMenu')}
      className="btn btn-ghost account-button"
      namedByContent
      items={[
        { label: t('account'), onSelect: () => navigate('/account') },
        'separator',
        { label: t('signOut'), onSelect: () => signOut.mutate() },
      ]}
    >
      <span className="avatar" aria-hidden="true">
        {initial}
      </span>
      <span className="who">{owner.email}</span>
      <span className="visually-hidden">{t('accountMenu')}</span>
      <Icon name="chevron" size={16} />
    </Menu>
  );
}

/**
 * Moves the focus to the new page's h1 after a route change, so that a screen reader starts there and Tab continues
 * from it. A page loaded on demand draws its heading later (after its chunk and the session): the heading is awaited.
 */
function useFocusHeadingOnRouteChange(location: string) {
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is what this waits for
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focus = () => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      heading.focus();
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => focus() && observer.disconnect());
    observer.observe(root, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [location]);
  return main;
}

export function Shell({ children }: { children: ReactNode }) {
  const { t, setLanguage } = useLanguage();
  const { owner, loading } = useSession();
  // The owner's language is where a browser that never chose one starts; after that the tab's choice stands.
  const ownerLanguage = owner?.language;
  useEffect(() => {
    if (ownerLanguage && !hasKeptLanguage()) setLanguage(ownerLanguage);
  }, [ownerLanguage, setLanguage]);
  const [location] = useLocation();
  const main = useFocusHeadingOnRouteChange(location);
  const [menuOpen, setMenuOpen] = useState(false);
  // The last site visited stays in the sidebar on pages of no site (account, owners).
  const [lastSite, setLastSite] = useState<string | null>(null);
  const clientId = siteOf(location) ?? lastSite;
  useEffect(() => {
    const site = siteOf(location);
    if (site) setLastSite(site);
    setMenuOpen(false);
  }, [location]);
  // On a phone the opened navigation takes the focus; Escape or a tap elsewhere closes it.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const sidebar = document.getElementById('sidebar');
    [...(sidebar?.querySelectorAll<HTMLElement>('a, button') ?? [])]
      .find((element) => element.getClientRects().length > 0)
      ?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open], [role=menu]')) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!sidebar?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOutside);
    };
  }, [menuOpen]);
  const page = (
    <main id="main" ref={main} tabIndex={-1} className={/\/popups\/[^/]+$/.test(location) ? 'main-wide' : undefined}>
      <ErrorBoundary
        key={location}
        fallback={(message) => (
          <div role="alert" className="error">
            <h1 tabIndex={-1}>{t('error')}</h1>
            <p>{message}</p>
          </div>
        )}
      >
        {children}
      </ErrorBoundary>
    </main>
  );
  const skip = (
    <a className="skip" href="#main">
      {t('skipToContent')}
    </a>
  );
  if (!owner)
    return (
      <div className={loading ? 'loading' : 'auth'}>
        {skip}
        <header className="auth-top">
          <span className="brand">
            <BrandMark />
            {t('appName')}
          </span>
          <LanguageSwitch />
        </header>
        {page}
      </div>
    );
  return (
    <div className="app">
      {skip}
      <Sidebar open={menuOpen} clientId={clientId} />
      <div className="app-column">
        <header className="topbar">
          <button
            ref={menuButton}
            type="button"
            className="btn-ghost btn-icon menu-button"
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={20} />
            <span className="visually-hidden">{t('openMenu')}</span>
          </button>
          <Link href="/" className="brand">
            <BrandMark />
            <span className="visually-hidden">{t('appName')}</span>
          </Link>
          <div className="topbar-end">
            <LanguageSwitch />
            <AccountMenu />
          </div>
        </header>
        {page}
      </div>
    </div>
  );
}
