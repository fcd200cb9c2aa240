import { Link, useLocation } from 'wouter';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';

const SECTIONS: readonly (readonly [path: string, label: StringKey])[] = [
  ['', 'popups'],
  ['/leads', 'leads'],
  ['/stats', 'stats'],
  ['/ab-tests', 'abTests'],
  ['/people', 'people'],
  ['/destinations', 'destinations'],
  ['/settings', 'siteSettings'],
];

/** A site's pages: its pop-ups, leads, stats, A/B tests, people, destinations and settings; the current one is marked for screen readers. */
export function SiteNav({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const [location] = useLocation();
  const base = `/sites/${encodeURIComponent(clientId)}`;
  return (
    <nav aria-label={t('siteSections')} className="site-nav">
      {SECTIONS.map(([path, label]) => (
        <Link key={label} href={base + path} aria-current={location === base + path ? 'page' : undefined}>
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}
