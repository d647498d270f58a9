import { MAIN_CONTENT_ID } from '@vitrine/contracts';
import { Logo } from '@vitrine/ui';
import './layouts.css';
import { Link, Outlet } from '@vitrine/core';

/** The second public route group (playground): a bare layout without the site navigation. */
export function MainLayout() {
  return (
    <div className="vt-main-layout">
      <header className="vt-main-layout__header">
        <Link to="/" aria-label="Vitrine">
          <Logo />
        </Link>
      </header>
      <main id={MAIN_CONTENT_ID}>
        <Outlet />
      </main>
    </div>
  );
}
