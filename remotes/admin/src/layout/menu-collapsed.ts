import { useSyncExternalStore } from 'react';

/** local storage key of the menu column's state on wide screens: '1' collapsed (icons only), '0' expanded. */
export const MENU_COLLAPSED_KEY = 'vitrine.adminMenuCollapsed';

const listeners = new Set<() => void>();
/** The choice when local storage refuses it (private mode, storage full or blocked): it lasts for this page. */
let unsaved: boolean | undefined;

/** local storage, or null where there is none (server rendering) or reading it throws (storage blocked). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readCollapsed(): boolean {
  if (unsaved !== undefined) return unsaved;
  try {
    return storage()?.getItem(MENU_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MENU_COLLAPSED_KEY && event.key !== null) return;
    unsaved = undefined;
    onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function setCollapsed(collapsed: boolean): void {
  try {
    const store = storage();
    if (!store) throw new Error('no local storage');
    store.setItem(MENU_COLLAPSED_KEY, collapsed ? '1' : '0');
    unsaved = undefined;
  } catch {
    unsaved = collapsed;
  }
  for (const listener of listeners) listener();
}

/**
 * Whether the menu column is collapsed to its icons, remembered across reloads. The server (and hydration) draws
 * it expanded, the default; the browser then applies the stored choice.
 */
export function useMenuCollapsed(): [boolean, (collapsed: boolean) => void] {
  const collapsed = useSyncExternalStore(subscribe, readCollapsed, () => false);
  return [collapsed, setCollapsed];
}
