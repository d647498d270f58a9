import { useEffect } from 'react';
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

/** Scroll to top on every navigation, or to the saved section on home/blog (SPEC §2). */
function useScrollManagement(name: string | undefined): void {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    if (!name) return;
    if (SECTION_ROUTES.has(name)) {
      const section = takeTargetSection();
      if (section) {
        // The page may still be rendering its sections: wait a frame.
        requestAnimationFrame(() => document.getElementById(section)?.scrollIntoView({ behavior: 'smooth' }));
        return;
      }
    }
    recordRouteName(name);
  }, [location.pathname, name]);
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
