import { useState, type FormEvent } from 'react';
import { isValidEmail, LIMITS, PUBLIC_ROUTES } from '@vitrine/contracts';
import { handleError, Link, rememberedEmail, useNavigate, useSearchParams, useTranslation } from '@vitrine/core';
import { login } from '../api/auth';
import { Button, notify, TextField } from '@vitrine/ui';
import { firstAccessStep } from '../app/guard';
import { AuthCard, FormAlert } from './auth/auth-card';
import { safeRedirect } from './auth/safe-redirect';

type FieldErrors = Partial<Record<'email' | 'password' | 'code', string>>;

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => rememberedEmail.get());
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => rememberedEmail.get() !== '');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // After many failed sign-ins on the account, the API asks for a mailed code with the password.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    const value = email.trim();
    if (!value) errors.email = t('errors:required');
    else if (!isValidEmail(value)) errors.email = t('errors:invalidEmail');
    if (!password) errors.password = t('errors:required');
    if (codeAsked && !code.trim()) errors.code = t('errors:required');
    return errors;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const errors = validate();
    setFieldErrors(errors);
    if (errors.email || errors.password || errors.code) return;
    const address = email.trim();
    setSubmitting(true);
    try {
      const result = await login({ email: address, password, remember, ...(codeAsked ? { code: code.trim() } : {}) });
      rememberedEmail.set(remember ? address : null);
      notify.success(t('success.login'));
      navigate(firstAccessStep(result.data) ?? safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      const handled = handleError(error);
      setFormError(handled.message);
      // Asked for the code, or the code was wrong: the password stays, the code is typed (again).
      if (handled.code === 'SIGN_IN_CODE_REQUIRED' || handled.code === 'INVALID_CODE') {
        setCodeAsked(true);
        setCode('');
      } else setPassword('');
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={formError} />
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          maxLength={LIMITS.email}
          required
          value={email}
          error={fieldErrors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <TextField
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          maxLength={LIMITS.password}
          required
          value={password}
          error={fieldErrors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldErrors((current) => ({ ...current, password: undefined }));
          }}
          addon={
            <Button
              variant="ghost"
              size="sm"
              className="vt-auth__toggle"
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? t('login.hidePassword') : t('login.showPassword')}
            </Button>
          }
        />
        {codeAsked && (
          <TextField
            label={t('login.code')}
            hint={t('login.codeHint')}
            type="text"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            required
            autoFocus
            value={code}
            error={fieldErrors.code}
            onChange={(event) => {
              setCode(event.target.value);
              setFieldErrors((current) => ({ ...current, code: undefined }));
            }}
          />
        )}
        <div className="vt-auth__row">
          <label className="vt-auth__check">
            <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} aria-describedby="login-remember-hint" />
            {t('login.remember')}
          </label>
          <Link to={PUBLIC_ROUTES['recover-password']}>{t('login.forgot')}</Link>
        </div>
        <p id="login-remember-hint" className="vt-auth__hint">
          {t('login.rememberHint')}
        </p>
        <div className="vt-auth__actions">
          <Button type="submit" block loading={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
