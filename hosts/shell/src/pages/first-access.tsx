import { useNavigate, useTranslation } from '@vitrine/core';
import { chooseFirstPassword } from '../api/auth';
import { notify } from '@vitrine/ui';
import { DASHBOARD_PATH } from '../app/guard';
import { AuthCard } from './auth/auth-card';
import { NewPasswordForm, type NewPassword } from './auth/password-fields';

/** The last first-access step (after verify-account): the user replaces the password they were given. */
export function FirstAccessPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();

  const save = async (values: NewPassword) => {
    await chooseFirstPassword(values);
    notify.success(t('success.passwordChanged'));
    navigate(DASHBOARD_PATH, { replace: true });
  };

  return (
    <AuthCard title={t('firstAccess.title')} subtitle={t('firstAccess.text')}>
      <NewPasswordForm
        passwordLabel={t('firstAccess.password')}
        confirmLabel={t('firstAccess.confirm')}
        submitLabel={t('firstAccess.submit')}
        onSubmit={save}
      />
    </AuthCard>
  );
}
