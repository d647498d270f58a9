import { LogoMark } from './logo';
import { createStore, useStore } from './store';
import { timings } from './theme';
import { useText } from './use-text';

/** Outstanding show() calls; the overlay is visible while above zero. */
const counter = createStore(0);
let pendingHides = 0;
const timers = new Set<ReturnType<typeof setTimeout>>();

/**
 * The global loading overlay, shown while a request runs. Nested shows are counted; each
 * hide() takes effect 500 ms later, so quick successive calls do not flicker.
 * hide() without a matching show() is ignored (the error handler always hides).
 */
export const loading = {
  show(): void {
    counter.set((n) => n + 1);
  },
  hide(): void {
    if (counter.get() - pendingHides <= 0) return;
    pendingHides += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      pendingHides -= 1;
      counter.set((n) => Math.max(0, n - 1));
    }, timings.loadingHideDelay);
    timers.add(timer);
  },
  /** Hides at once and forgets every show (after a hard error, and in tests). */
  reset(): void {
    timers.forEach(clearTimeout);
    timers.clear();
    pendingHides = 0;
    counter.set(0);
  },
  isVisible(): boolean {
    return counter.get() > 0;
  },
  subscribe: counter.subscribe,
};

export function useLoading(): { visible: boolean; show: () => void; hide: () => void } {
  const count = useStore(counter);
  return { visible: count > 0, show: loading.show, hide: loading.hide };
}

export interface LoadingOverlayProps {
  /** Accessible name; defaults to the translated 'Loading…'. */
  label?: string;
}

/** Full-screen overlay with the logo and a spinner, shown while `loading` is visible. Mount once. */
export function LoadingOverlay({ label }: LoadingOverlayProps) {
  const { visible } = useLoading();
  const text = useText();
  if (!visible) return null;
  const name = label ?? text('common:loading.label', 'Loading…');
  return (
    <div className="vt-loading-overlay" role="progressbar" aria-busy="true" aria-label={name} aria-valuetext={name} data-testid="loading-overlay">
      <div className="vt-loading-overlay__box">
        <LogoMark size={48} />
        <span className="vt-spinner vt-spinner--lg" aria-hidden="true">
          <span className="vt-spinner__ring" />
        </span>
      </div>
    </div>
  );
}

export interface LogoLoaderProps {
  /** True while a navigation is in progress. */
  active: boolean;
  label?: string;
}

/** The slim top bar with the logo mark shown on each navigation, while the route guard runs. */
export function LogoLoader({ active, label }: LogoLoaderProps) {
  const text = useText();
  if (!active) return null;
  return (
    <div className="vt-logo-loader" role="status" aria-label={label ?? text('common:loading.page', 'Loading the page…')} data-testid="logo-loader">
      <span className="vt-logo-loader__bar" aria-hidden="true" />
      <span className="vt-logo-loader__mark" aria-hidden="true">
        <LogoMark size={20} />
      </span>
    </div>
  );
}

/**
 * A page's content on its way (its code or its remote still loading): the logo mark, pulsing, centred in
 * the page's place — never a bare spinner at the edge: a page loads under the logo.
 */
export function PageLoader({ label }: { label?: string }) {
  const text = useText();
  return (
    <div className="vt-page-loader" role="status" aria-label={label ?? text('common:loading.page', 'Loading the page…')} data-testid="page-loader">
      <span className="vt-page-loader__mark" aria-hidden="true">
        <LogoMark size={40} />
      </span>
    </div>
  );
}
