import { useEffect, useState } from 'react';
import { PUBLIC_ROUTES } from '@vitrine/contracts';
import { handleError, Link, useNavigate, useParams, useTranslation } from '@vitrine/core';
import { checkResetLink, resetPassword } from '../api/auth';
import { Button, notify, Spinner } from '@vitrine/ui';
import { AuthCard } from './auth/auth-card';
import { NewPasswordForm, type NewPassword } from './auth/password-fields';

type LinkState = { kind: 'checking' } | { kind: 'valid' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/** A 4xx answer means the link itself is wrong or used up; anything else is worth a retry. */
function isLinkRejected(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500;
}

/** reset-password/:id/:uniqueKey from the recovery email: check the link, then choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { id, uniqueKey } = useParams();
  const hasParams = Boolean(id && uniqueKey && /^\d+$/.test(id));
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!hasParams || !id || !uniqueKey) return;
    let current = true;
    checkResetLink(id, uniqueKey)
      .then((answer) => {
        if (current) setLink(answer.valid ? { kind: 'valid' } : { kind: 'invalid' });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const handled = handleError(error);
        setLink(isLinkRejected(handled.statusCode) ? { kind: 'invalid' } : { kind: 'failed', message: handled.message });
      });
    return () => {
      current = false;
    };
  }, [hasParams, id, uniqueKey, attempt]);

  const save = async ({ new_password, confirm_password }: NewPassword) => {
    await resetPassword({ id: Number(id), unique_key: uniqueKey ?? '', new_password, confirm_password });
    notify.success(t('success.passwordReset'));
    navigate(PUBLIC_ROUTES.login, { replace: true });
  };

  const state: LinkState = hasParams ? link : { kind: 'invalid' };

  if (state.kind === 'checking') {
    return (
      <AuthCard title={t('reset.title')}>
        <Spinner />
      </AuthCard>
    );
  }

  if (state.kind === 'invalid') {
    return (
      <AuthCard title={t('reset.title')}>
        <p role="alert" data-testid="invalid-link">
          {t('reset.invalidLink')}
        </p>
        <div className="vt-auth__actions">
          <Link className="vt-btn vt-btn--primary vt-btn--block" to={PUBLIC_ROUTES['recover-password']}>
            {t('reset.requestNewLink')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (state.kind === 'failed') {
    return (
      <AuthCard title={t('reset.title')}>
        <p role="alert">{state.message}</p>
        <div className="vt-auth__actions">
          <Button
            block
            onClick={() => {
              setLink({ kind: 'checking' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('common:actions.retry')}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.text')}>
      <NewPasswordForm
        passwordLabel={t('reset.password')}
        confirmLabel={t('reset.confirm')}
        submitLabel={t('reset.submit')}
        onSubmit={save}
      />
    </AuthCard>
  );
}
