import { startTransition, StrictMode, useEffect } from 'react';
import { LANGUAGE_COOKIE, REMOTES, SSR_DATA_ID, STARTED_EVENT, type SsrData } from '@vitrine/contracts';
import {
  configureEffects,
  hydrateAuth,
  i18n,
  I18nextProvider,
  loadRuntimeConfig,
  loadTexts,
  RouterProvider,
  setLanguage,
  setRuntimeConfig,
  storedLanguage,
  syncAuthAcrossTabs,
  type Locale,
} from '@vitrine/core';
import { alertDialog, loading } from '@vitrine/ui';
import { whenIdle } from '@vitrine/utils';
import '@vitrine/ui/src/styles.css';
import { keepServerHead } from './app/server-head';
import { createRouter } from './app/router';
import { markSeoApplied } from './app/seo';
import { loadRemotePages, registerRuntimeRemotes } from './federation/remotes';

/**
 * Hands the main thread back to the browser between the start's phases, so each phase is its own short
 * task instead of one long one (a phone's Total Blocking Time; docs/decisions/server-rendering.md).
 */
function yieldToBrowser(): Promise<void> {
  // A timer, not scheduler.yield(): tasks the remote's modules queued while they loaded run first.
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The hydration data of a server-rendered page (docs/decisions/server-rendering.md), if this is one. */
function serverRendered(): SsrData | undefined {
  const script = document.getElementById(SSR_DATA_ID);
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as SsrData;
  } catch {
    return undefined;
  }
}

/**
 * A server-rendered page is hydrated once what its first render needs is here (the remote's route
 * code and texts, in the language the server used), so that render matches the server's HTML.
 * Anything failing on the way is the SPA's start: the page is rendered afresh.
 */
async function prepareHydration(ssr: SsrData): Promise<boolean> {
  try {
    const module = await loadRemotePages(REMOTES.public);
    await yieldToBrowser();
    await module.routes?.[ssr.route as keyof NonNullable<typeof module.routes>]?.preload?.();
    return true;
  } catch {
    return false;
  }
}

/**
 * Tells the starter of a server-rendered page (start/start.ts) that the page is React's now: it replays what the
 * visitor did before (a button pressed, a form sent). An effect, so it runs once hydration has committed.
 */
function Started() {
  useEffect(() => {
    window.dispatchEvent(new Event(STARTED_EVENT));
  }, []);
  return null;
}

async function start() {
  const ssr = serverRendered();
  if (ssr && ssr.lang !== i18n.language) await i18n.changeLanguage(ssr.lang);
  document.documentElement.lang = i18n.language;
  if (ssr?.runtime) setRuntimeConfig(ssr.runtime);
  await Promise.all([ssr?.runtime ? undefined : loadRuntimeConfig(), loadTexts(), hydrateAuth()]);
  registerRuntimeRemotes();
  // React DOM is evaluated in a task of its own, after the shell's modules and while the remote loads.
  const [hydrate, { createRoot, hydrateRoot }] = await Promise.all([
    ssr ? prepareHydration(ssr) : false,
    yieldToBrowser().then(() => import('react-dom/client')),
  ]);
  await yieldToBrowser();
  const router = createRouter(hydrate && ssr ? { loaderData: ssr.loaderData } : undefined);
  configureEffects({
    hideLoading: () => loading.hide(),
    warn: (title, message) => alertDialog({ title, message, okText: i18n.t('common:actions.ok') }),
    goToLogin: () => void router.navigate('/login'),
  });
  syncAuthAcrossTabs();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Started />
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>
  );
  if (hydrate) {
    markSeoApplied();
    keepServerHead();
    // A lazy layout (the main layout of the playground group) is fetched by the router first: hydrating
    // before it has arrived would render the fallback over the server's markup.
    if (!router.state.initialized) {
      await new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
    }
    await yieldToBrowser();
    // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds
    // instead of one long task (the page is already on screen and styled; input stays responsive).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('[hydration]', error),
      });
    });
    // The visitor chose another language in this browser before the server knew (no cookie yet): switched to once
    // the page has hydrated and the browser is idle (a switch while React hydrates in slices renders other texts
    // than the server's: a mismatch). A `?lang=` in the address is the language asked for, and is kept; so is the
    // server's remembered choice (the cookie a language link set, maybe while this page's code never ran).
    const chosen = storedLanguage();
    const remembered = document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(`${LANGUAGE_COOKIE}=`));
    if (chosen && chosen !== ssr?.lang && !remembered && !new URLSearchParams(window.location.search).has('lang')) {
      window.addEventListener(STARTED_EVENT, () => whenIdle(() => void setLanguage(chosen as Locale), 1000), { once: true });
    }
  } else {
    container.textContent = '';
    createRoot(container).render(app);
  }
}

void start();
