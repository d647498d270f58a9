import { useState, type FormEvent } from 'react';
import { isValidEmail, LIMITS, PUBLIC_ROUTES } from '@vitrine/contracts';
import { handleError, Link, useTranslation } from '@vitrine/core';
import { requestPasswordRecovery } from '../api/auth';
import { Button, notify, TextField } from '@vitrine/ui';
import { AuthCard, FormAlert } from './auth/auth-card';

/** Asks for a reset link. The answer is the same whether or not the email has an account, so no one can learn which emails have one (docs/security.md). */
export function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (address: string) => {
    setFormError(null);
    setSending(true);
    try {
      await requestPasswordRecovery(address);
      notify.success(t('success.recoveryEmailSent'));
      setSentTo(address);
    } catch (error) {
      setFormError(handleError(error).message);
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const error = !address ? t('errors:required') : !isValidEmail(address) ? t('errors:invalidEmail') : undefined;
    setFieldError(error);
    if (!error) void send(address);
  };

  if (sentTo) {
    return (
      <AuthCard title={t('recover.sentTitle')}>
        <FormAlert message={formError} />
        <p role="status">{t('recover.sentText', { email: sentTo })}</p>
        <div className="vt-auth__actions">
          <Button variant="secondary" block loading={sending} onClick={() => void send(sentTo)}>
            {t('recover.resend')}
          </Button>
          <Link className="vt-btn vt-btn--ghost vt-btn--block" to={PUBLIC_ROUTES.login}>
            {t('recover.backToLogin')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('recover.title')} subtitle={t('recover.text')}>
      <form noValidate onSubmit={submit}>
        <FormAlert message={formError} />
        <TextField
          label={t('recover.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          required
          value={email}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(undefined);
          }}
        />
        <div className="vt-auth__actions">
          <Button type="submit" block loading={sending}>
            {t('recover.submit')}
          </Button>
        </div>
      </form>
      <p className="vt-auth__footer">
        <Link to={PUBLIC_ROUTES.login}>{t('recover.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
