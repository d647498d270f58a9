/**
 * A page may save a target section (e.g. a link to the blog's
 * newsletter block); after the next navigation to home or blog the shell
 * scrolls to it. Otherwise the shell records the current route name.
 */
const SECTION_KEY = 'vitrine.targetSection';
const ROUTE_KEY = 'vitrine.lastRoute';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveTargetSection(sectionId: string): void {
  session()?.setItem(SECTION_KEY, sectionId);
}

/** Takes the saved section (it is used once). */
export function takeTargetSection(): string | null {
  const store = session();
  const value = store?.getItem(SECTION_KEY) ?? null;
  if (value) store?.removeItem(SECTION_KEY);
  return value;
}

export function recordRouteName(name: string): void {
  session()?.setItem(ROUTE_KEY, name);
}

export function lastRouteName(): string | null {
  return session()?.getItem(ROUTE_KEY) ?? null;
}
