import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { AccountPage } from './account/account-page.tsx';
import { SignInPage } from './account/sign-in-page.tsx';
import { ApiError } from './api/client.ts';
import { DeliveryLogPage, LeadDeliveries } from './delivery/delivery-log.tsx';
import { DestinationsPage } from './delivery/destinations-page.tsx';
import { LanguageProvider, useLanguage } from './i18n/language.tsx';
import { OwnersPage } from './owners/owners-page.tsx';
import { useSession } from './session.ts';
import { Shell } from './shell/shell.tsx';
import { SitePage } from './sites/site-page.tsx';
import { SiteSettingsPage } from './sites/site-settings.tsx';
import { SitesPage } from './sites/sites-page.tsx';

// The editor carries CodeMirror and the preview: a chunk of its own, loaded when an owner opens a pop-up.
const EditorPage = lazy(() => import('./editor/editor-page.tsx').then((module) => ({ default: module.EditorPage })));

// A site's read-out pages, each a chunk of its own (the stats page carries the charts).
const LeadsPage = lazy(() => import('./leads/leads-page.tsx').then((module) => ({ default: module.LeadsPage })));
const StatsPage = lazy(() => import('./insights/stats-page.tsx').then((module) => ({ default: module.StatsPage })));
const AbTestsPage = lazy(() =>
  import('./insights/ab-tests-page.tsx').then((module) => ({ default: module.AbTestsPage })),
);
const PeoplePage = lazy(() => import('./leads/people-page.tsx').then((module) => ({ default: module.PeoplePage })));

export function createQueryClient(): QueryClient {
  // A session that ended elsewhere (signed out everywhere, a password changed, expired): any call answering 401 sends
  // the owner to the sign-in page, instead of an error on every part of the page.
  const signedOut = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) client.setQueryData(['me'], null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

function Guarded({ children }: { children: ReactNode }) {
  const { owner, loading } = useSession();
  const { t } = useLanguage();
  if (loading) return <p role="status">{t('loading')}</p>;
  if (!owner) return <Redirect to="/sign-in" />;
  return <>{children}</>;
}

/** A signed-in page loaded on demand. */
function LazyPage({ children }: { children: ReactNode }) {
  const { t } = useLanguage();
  return (
    <Guarded>
      <Suspense fallback={<p role="status">{t('loading')}</p>}>{children}</Suspense>
    </Guarded>
  );
}

function Routes() {
  const { t } = useLanguage();
  return (
    <Switch>
      <Route path="/sign-in">
        <SignInPage />
      </Route>
      <Route path="/account">
        <Guarded>
          <AccountPage />
        </Guarded>
      </Route>
      <Route path="/owners">
        <Guarded>
          <OwnersPage />
        </Guarded>
      </Route>
      <Route path="/sites/:clientId/popups/:popupId">
        {(params) => (
          <Guarded>
            <Suspense fallback={<p role="status">{t('loading')}</p>}>
              <EditorPage clientId={params.clientId} popupId={params.popupId} />
            </Suspense>
          </Guarded>
        )}
      </Route>
      {/* A site's leads, stats, A/B tests and people. */}
      <Route path="/sites/:clientId/leads">
        {(params) => (
          <LazyPage>
            <LeadsPage
              clientId={params.clientId}
              renderDeliveries={(clientId, leadId) => <LeadDeliveries clientId={clientId} leadId={leadId} />}
            />
          </LazyPage>
        )}
      </Route>
      <Route path="/sites/:clientId/stats">
        {(params) => (
          <LazyPage>
            <StatsPage clientId={params.clientId} />
          </LazyPage>
        )}
      </Route>
      <Route path="/sites/:clientId/ab-tests">
        {(params) => (
          <LazyPage>
            <AbTestsPage clientId={params.clientId} />
          </LazyPage>
        )}
      </Route>
      <Route path="/sites/:clientId/people">
        {(params) => (
          <LazyPage>
            <PeoplePage clientId={params.clientId} />
          </LazyPage>
        )}
      </Route>
      {/* Lead delivery */}
      <Route path="/sites/:clientId/destinations">
        {(params) => (
          <Guarded>
            <DestinationsPage clientId={params.clientId} />
          </Guarded>
        )}
      </Route>
      <Route path="/sites/:clientId/destinations/:destinationId">
        {(params) => (
          <Guarded>
            <DeliveryLogPage clientId={params.clientId} destinationId={Number(params.destinationId)} />
          </Guarded>
        )}
      </Route>
      <Route path="/sites/:clientId/settings">
        {(params) => (
          <Guarded>
            {/* A page of its own for each site: one site's edits never stand in another's form. */}
            <SiteSettingsPage key={params.clientId} clientId={params.clientId} />
          </Guarded>
        )}
      </Route>
      <Route path="/sites/:clientId">
        {(params) => (
          <Guarded>
            <SitePage clientId={params.clientId} />
          </Guarded>
        )}
      </Route>
      <Route path="/">
        <Guarded>
          <SitesPage />
        </Guarded>
      </Route>
      <Route>
        <Redirect to="/" />
      </Route>
    </Switch>
  );
}

export function App({ client, base = '/console' }: { client: QueryClient; base?: string }) {
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider>
        <Router base={base}>
          <Shell>
            <Routes />
          </Shell>
        </Router>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
