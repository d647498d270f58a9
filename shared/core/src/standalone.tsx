import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { hydrateAuth } from './auth-store';
import { i18n, loadTexts } from './i18n';
import { I18nextProvider } from './react-i18n';
import { createBrowserRouter, Link, Outlet, RouterProvider } from './router';

/**
 * Development only (`@vitrine/core/standalone`, never in a shared chunk): renders a
 * remote's exposed pages on their own, each at /<route-name>, for `npm run dev -w`
 * of that remote. In the product the shell owns the router.
 */
export async function renderStandalone(pages: Record<string, ComponentType>, namespaces: readonly string[] = []): Promise<void> {
  const names = Object.keys(pages);
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
      children: Object.entries(pages).map(([name, Page]) => ({ path: name, element: <Page /> })),
    },
  ]);
  await Promise.all([loadTexts([...namespaces, 'errors']), hydrateAuth()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
}
