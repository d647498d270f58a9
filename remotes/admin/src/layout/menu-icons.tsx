import type { ReactNode } from 'react';
import type { AdminRouteName } from '@vitrine/contracts';

/** The routes the menu lists: every admin route but compose, which opens from the articles list. */
export type MenuRouteName = Exclude<AdminRouteName, 'compose'>;

/**
 * Each menu entry's icon (24-unit outline strokes): beside the label in the menu column, alone when the column is
 * collapsed. Typed over every menu route, so a new route cannot reach the menu without one. Decorative: the
 * entry's label stays its accessible name.
 */
const PATHS: Record<MenuRouteName, ReactNode> = {
  dashboard: (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.4c2.1.8 3.5 2.9 3.5 5.6" />
    </>
  ),
  'list-of-articles': (
    <>
      <path d="M14 2.5H6.5A1.5 1.5 0 0 0 5 4v16a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 20V7.5Z" />
      <path d="M14 2.5V8h5M8.5 12.5h7M8.5 16.5h7" />
    </>
  ),
  'list-of-categories': (
    <>
      <path d="M3 12.2V4.5A1.5 1.5 0 0 1 4.5 3h7.7l8.6 8.6a1.5 1.5 0 0 1 0 2.1l-7.1 7.1a1.5 1.5 0 0 1-2.1 0Z" />
      <circle cx="8" cy="8" r="1.5" />
    </>
  ),
  'settings-profile': (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <circle cx="12" cy="10" r="3" />
      <path d="M6.2 19.2c1.2-2.2 3.3-3.4 5.8-3.4s4.6 1.2 5.8 3.4" />
    </>
  ),
  settings: (
    <>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  seo: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </>
  ),
  'list-leads': (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <circle cx="12" cy="12" r="5.5" />
      <circle cx="12" cy="12" r="1.5" />
    </>
  ),
  'message-received': (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="m3 6.5 9 6.5 9-6.5" />
    </>
  ),
  'settings-whatsapp': (
    <path d="M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 21l1.9-5.4A8.5 8.5 0 1 1 21 11.5Z" />
  ),
  'list-faq': (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M9.3 9.2a2.8 2.8 0 0 1 5.4 1c0 1.9-2.7 2.4-2.7 4.1" />
      <path d="M12 17.6v.1" />
    </>
  ),
  'audit-log': (
    <>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3 3.5V8h4.5M12 7.5V12l3 2" />
    </>
  ),
};

export function MenuIcon({ name }: { name: MenuRouteName }) {
  return (
    <svg
      className="vt-admin__menu-icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
