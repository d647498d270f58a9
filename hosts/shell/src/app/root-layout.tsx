import { useEffect, useRef } from 'react';
import { applyLanguageFromUrl, Outlet, recordRouteName, takeTargetSection, useLocation, useMatches, useNavigation } from '@vitrine/core';
import { DialogHost, LoadingOverlay, LogoLoader, Notifications } from '@vitrine/ui';
import type { RouteHandle } from '@vitrine/contracts';

const SECTION_ROUTES = new Set(['home', 'blog']);

function useCurrentRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}

/** Where the visitor was on each history entry (location.key), kept while they scroll: back and forward return there. */
const positions = new Map<string, number>();

/**
 * Scroll as a browser does for plain pages. The first render is not a navigation: the page the server sent
 * stays where the visitor has already scrolled it. A new page (a link, a form) starts at the top, or at the
 * section a link asked for on home and blog; back and forward return to where the visitor left that entry.
 */
function useScrollManagement(name: string | undefined): void {
  const location = useLocation();
  const shown = useRef<{ key: string; pathname: string; name: string | undefined } | null>(null);
  const popped = useRef(false);

  useEffect(() => {
    const onPop = () => {
      popped.current = true;
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    const key = location.key;
    const save = () => positions.set(key, window.scrollY);
    save();
    addEventListener('scroll', save, { passive: true });
    return () => removeEventListener('scroll', save);
  }, [location.key]);

  useEffect(() => {
    const before = shown.current;
    shown.current = { key: location.key, pathname: location.pathname, name };
    if (name) recordRouteName(name);
    // The first render: the visitor's own scroll stands.
    if (!before || before.key === location.key) return;
    if (popped.current) {
      popped.current = false;
      const y = positions.get(location.key);
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    if (before.pathname === location.pathname && before.name === name) return;
    window.scrollTo(0, 0);
    if (name && SECTION_ROUTES.has(name)) {
      const section = takeTargetSection();
      // The page may still be rendering its sections: wait a frame.
      if (section) requestAnimationFrame(() => document.getElementById(section)?.scrollIntoView({ behavior: 'smooth' }));
    }
  }, [location.key, location.pathname, name]);
}

export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const name = useCurrentRouteName();
  useScrollManagement(name);

  useEffect(() => {
    applyLanguageFromUrl(location.search);
  }, [location.search]);

  return (
    <>
      <LogoLoader active={navigation.state !== 'idle'} />
      <Outlet />
      <LoadingOverlay />
      <Notifications />
      <DialogHost />
    </>
  );
}
