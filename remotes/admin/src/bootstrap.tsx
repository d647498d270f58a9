import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, I18nextProvider, i18n, Link, loadTexts, Outlet, RouterProvider } from '@vitrine/core';
import '@vitrine/ui/src/styles.css';
import { pages } from './pages';

/**
 * Standalone bootstrap for developing this remote alone (`npm run dev -w`):
 * each exposed page at /<route-name>. In the product the shell owns the router.
 */
const names = Object.keys(pages) as (keyof typeof pages)[];
const router = createBrowserRouter([
  {
    element: (
      <>
        <nav style={{ display: 'flex', gap: 12, padding: 12 }}>
          {names.map((name) => (
            <Link key={name} to={`/${name}`}>
              {name}
            </Link>
          ))}
        </nav>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </>
    ),
    children: names.map((name) => {
      const Page = pages[name]!;
      return { path: name, element: <Page /> };
    }),
  },
]);

void loadTexts(['admin']).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  ),
);
