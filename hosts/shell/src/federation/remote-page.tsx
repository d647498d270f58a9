import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { identityOf, type RemoteName, type RemotePagesModule, type RemoteRoute, type RouteData, type RouteName } from '@vitrine/contracts';
import { PageLoader } from '@vitrine/ui';
import { NotFoundPage } from '../pages/not-found';
import { incompatibility, loadFailureKind, renderFailureKind, type RemoteFailure } from './failure';
import { loadedRemotePages, loadRemotePages, resetRemote } from './remotes';
import { useLoaderData, useLocation, useParams, useTranslation } from '@vitrine/core';
import { takeServerHead } from '../app/server-head';
import { isLoadedPage } from './public-route';

interface FallbackProps {
  onRetry: () => void;
  kind: RemoteFailure;
}

const TITLES: Record<RemoteFailure, string> = {
  load: 'remote.loadFailedTitle',
  render: 'remote.renderFailedTitle',
  incompatible: 'remote.incompatibleTitle',
};

export function RemoteFallback({ onRetry, kind }: FallbackProps) {
  const { t } = useTranslation('common');
  return (
    <section className="vt-remote-fallback" role="alert" data-testid="remote-fallback">
      <h2>{t(TITLES[kind])}</h2>
      <p>{t(kind === 'incompatible' ? 'remote.incompatibleText' : 'remote.loadFailedText')}</p>
      <button type="button" className="vt-btn vt-btn--primary" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches a page that throws while rendering, or a page chunk that fails to load. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[federation] remote page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <RemoteFallback
        kind={renderFailureKind(error)}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

interface RemotePageProps {
  remote: RemoteName;
  page: RouteName;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemotePagesModule }
  | { status: 'failed'; kind: Exclude<RemoteFailure, 'render'> };

/** Renders one page of a remote inside the shell, with a fallback and Retry when the remote is down. */
export function RemotePage({ remote, page }: RemotePageProps) {
  const loaded: unknown = useLoaderData();
  const data = isLoadedPage(loaded) ? loaded.routeData : undefined;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const module = loadedRemotePages(remote);
    return module ? { status: 'ready', module } : { status: 'loading' };
  });

  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    loadRemotePages(remote).then(
      (module) => live && setState({ status: 'ready', module }),
      (error: unknown) => {
        const refused = incompatibility(error);
        if (refused) console.error(`[federation] ${refused.remote} needs ${refused.pkg} ${refused.needs}, which this shell does not provide`);
        if (live) setState({ status: 'failed', kind: loadFailureKind(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, attempt, state.status]);

  const retry = () => {
    resetRemote(remote);
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (state.status === 'failed') return <RemoteFallback kind={state.kind} onRetry={retry} />;
  if (state.status === 'loading') return <PageLoader />;
  return (
    <RemoteErrorBoundary key={`${page}:${attempt}`} onRetry={retry}>
      <Suspense fallback={<PageLoader />}>
        <PageOf module={state.module} page={page} data={data} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * The remote's page for a route name; inside the boundary, so a broken module shows the fallback too.
 * A route loaded with its data renders from it (and sets the page's head); otherwise the page loads its own.
 */
function PageOf({ module, page, data }: { module: RemotePagesModule; page: RouteName; data: RouteData | undefined }) {
  const route = module.routes?.[page];
  if (route && data) return <RoutePage route={route} data={data} />;
  const Page = module.pages[page];
  if (!Page) return <NotFoundPage />;
  return <Page />;
}

function RoutePage({ route, data }: { route: RemoteRoute; data: RouteData }) {
  const { i18n } = useTranslation();
  const params = useParams();
  const { search } = useLocation();
  const lang = i18n.language;
  useEffect(() => {
    // A server-rendered page already has its head (with the site's canonical origin).
    if (takeServerHead()) return;
    const origin = window.location.origin;
    const ctx = { t: (key: string, options?: Record<string, unknown>) => i18n.t(key, options), lang, origin, params, search: new URLSearchParams(search) };
    const head = route.head(data, ctx);
    void import('../app/head').then(({ applyHead }) => applyHead(head, { lang, origin, siteName: identityOf(data)?.name }));
  }, [route, data, lang, i18n, params, search]);
  return <route.Component data={data} />;
}
