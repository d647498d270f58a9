import { Suspense, useSyncExternalStore } from 'react';
import { MAIN_CONTENT_ID, REMOTES } from '@vitrine/contracts';
import { Link, Outlet, useTranslation } from '@vitrine/core';
import { Logo, PageLoader } from '@vitrine/ui';
import { loadedRemotePages, subscribeToRemotes } from '../federation/remotes';
import { SlotBoundary } from '../federation/remote-slot';
import './layouts.css';

/** The shell's own frame around the admin pages when the admin remote brings no chrome (down, older, or failing). */
function PlainFrame() {
  const { t } = useTranslation('common');
  return (
    <div className="vt-main-layout" data-testid="admin-plain-frame">
      <header className="vt-main-layout__header vt-admin-frame__header">
        <Link to="/" aria-label="Vitrine">
          <Logo />
        </Link>
        <Link to="/logout">{t('nav.logout')}</Link>
      </header>
      <main id={MAIN_CONTENT_ID} className="vt-admin-frame__main">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The admin pages' frame: the admin remote's own chrome (RemotePagesModule.layout, with its menu and antd),
 * so the shell carries no admin code; the router loads the remote before this renders. While the remote is
 * missing, each page shows its fallback with Retry inside the plain frame, and the chrome appears once a
 * retry brings the remote back.
 */
export function AdminFrame() {
  const remote = useSyncExternalStore(subscribeToRemotes, () => loadedRemotePages(REMOTES.admin));
  const Chrome = remote?.layout;
  if (!Chrome) return <PlainFrame />;
  return (
    <SlotBoundary name="the admin chrome" fallback={<PlainFrame />}>
      <Suspense fallback={<PageLoader />}>
        <Chrome />
      </Suspense>
    </SlotBoundary>
  );
}
