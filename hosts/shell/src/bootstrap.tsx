import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureEffects, hydrateAuth, i18n, I18nextProvider, loadRuntimeConfig, loadTexts, RouterProvider, syncAuthAcrossTabs } from '@vitrine/core';
import { alertDialog, loading } from '@vitrine/ui';
import '@vitrine/ui/src/styles.css';
import { createRouter } from './app/router';
import { registerRuntimeRemotes } from './federation/remotes';

async function start() {
  document.documentElement.lang = i18n.language;
  await Promise.all([loadRuntimeConfig(), loadTexts(), hydrateAuth()]);
  registerRuntimeRemotes();
  const router = createRouter();
  configureEffects({
    hideLoading: () => loading.hide(),
    warn: (title, message) => alertDialog({ title, message, okText: i18n.t('common:actions.ok') }),
    goToLogin: () => void router.navigate('/login'),
  });
  syncAuthAcrossTabs();
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

void start();
