import { useEffect, useState, type FormEvent } from 'react';
import { LIMITS } from '@vitrine/contracts';
import { handleError, useAuth, useNavigate, useTranslation } from '@vitrine/core';
import { resendCode, verifyCode } from '../api/auth';
import { Button, notify, TextField } from '@vitrine/ui';
import { DASHBOARD_PATH, firstAccessStep } from '../app/guard';
import { AuthCard, FormAlert } from './auth/auth-card';

/** Seconds before another code may be asked for (the API refuses sooner). */
const RESEND_SECONDS = 60;
const CODE_RE = new RegExp(`^\\d{${LIMITS.code}}$`);

/** A countdown to zero, one step a second; `restart` starts it again. */
function useCountdown(from: number): [number, () => void] {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(from)];
}

/** First-access step 1: the code emailed at sign-in proves the address; then the password is chosen. */
export function VerifyAccountPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const email = useAuth((state) => state.authUser?.email ?? '');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  // Signing in has just sent a code: the first resend waits like any other.
  const [resendIn, restartCountdown] = useCountdown(RESEND_SECONDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!CODE_RE.test(code)) {
      setFieldError(t('errors:codeRequired'));
      return;
    }
    setFieldError(undefined);
    setVerifying(true);
    try {
      const user = await verifyCode(email, code);
      notify.success(t('success.accountVerified'));
      navigate(firstAccessStep(user) ?? DASHBOARD_PATH, { replace: true });
    } catch (error) {
      setFormError(handleError(error).message);
    } finally {
      setVerifying(false);
    }
  };

  const resend = async () => {
    setFormError(null);
    setResending(true);
    try {
      await resendCode(email);
      notify.success(t('success.codeResent'));
      setCode('');
      restartCountdown();
    } catch (error) {
      setFormError(handleError(error).message);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title={t('verify.title')} subtitle={t('verify.text', { email })}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={formError} />
        <TextField
          label={t('verify.code')}
          name="code"
          className="vt-auth__code-field"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LIMITS.code}
          required
          value={code}
          error={fieldError}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, LIMITS.code));
            setFieldError(undefined);
          }}
        />
        <div className="vt-auth__actions">
          <Button type="submit" block loading={verifying}>
            {t('verify.submit')}
          </Button>
          <Button variant="ghost" block loading={resending} disabled={resendIn > 0} onClick={() => void resend()}>
            {resendIn > 0 ? t('verify.resendIn', { seconds: resendIn }) : t('verify.resend')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
