import { useState } from 'react';
import { PUBLIC_ROUTES } from '@vitrine/contracts';
import { authStore, handleError, Navigate, useLocation, useNavigate, useTranslation } from '@vitrine/core';
import { logout } from '../api/auth';
import { Button, notify } from '@vitrine/ui';
import { DASHBOARD_PATH } from '../app/guard';
import { AuthCard } from './auth/auth-card';

/** The leave confirmation: revoke the token on the server, forget the session, back to login. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the session disappears while leaving, and that must not re-route mid-way.
  const [signedIn] = useState(() => Boolean(authStore.getState().authToken));
  const [leaving, setLeaving] = useState(false);

  if (!signedIn) return <Navigate to={PUBLIC_ROUTES.login} replace />;

  const leave = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch (error) {
      // The local session is gone whatever the server said; the token also expires by itself.
      handleError(error);
    }
    notify.success(t('success.logout'));
    navigate(PUBLIC_ROUTES.login, { replace: true });
  };

  const stay = () => {
    // 'default' is the key of the first entry: nothing to go back to.
    if (location.key !== 'default') navigate(-1);
    else navigate(DASHBOARD_PATH, { replace: true });
  };

  return (
    <AuthCard title={t('logout.title')}>
      <p>{t('logout.message')}</p>
      <div className="vt-auth__actions vt-auth__actions--row">
        <Button variant="secondary" onClick={stay} disabled={leaving}>
          {t('logout.cancel')}
        </Button>
        <Button variant="danger" loading={leaving} onClick={() => void leave()}>
          {leaving ? t('logout.leaving') : t('logout.confirm')}
        </Button>
      </div>
    </AuthCard>
  );
}
