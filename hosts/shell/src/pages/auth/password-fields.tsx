import { useId, useState, type FormEvent } from 'react';
import { checkNewPassword, LIMITS, type NewPasswordProblem } from '@vitrine/contracts';
import { handleError, useTranslation } from '@vitrine/core';
import { Button, PasswordChecklist, TextField } from '@vitrine/ui';
import { FormAlert } from './auth-card';

export interface NewPassword {
  new_password: string;
  confirm_password: string;
}

export interface NewPasswordFormProps {
  passwordLabel: string;
  confirmLabel: string;
  submitLabel: string;
  /** Sends the new password; a rejection is shown above the form through the common error handler. */
  onSubmit: (values: NewPassword) => Promise<void>;
}

type FieldErrors = Partial<Record<'password' | 'confirm', string>>;

const PROBLEM_KEYS: Record<NewPasswordProblem, string> = {
  PASSWORD_FIELDS_REQUIRED: 'errors:passwordFieldsRequired',
  WEAK_PASSWORD: 'errors:passwordWeak',
  PASSWORDS_DO_NOT_MATCH: 'errors:passwordsDoNotMatch',
};

/**
 * New password + confirmation with the live policy checklist, checked
 * with contracts' checkNewPassword before anything is sent. Serves the reset
 * by link and the first access (neither has a current password).
 */
export function NewPasswordForm({ passwordLabel, confirmLabel, submitLabel, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const checklistId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const problem = checkNewPassword({ password, confirm }, false);
    if (problem) {
      const text = t(PROBLEM_KEYS[problem]);
      if (problem === 'PASSWORDS_DO_NOT_MATCH' || (problem === 'PASSWORD_FIELDS_REQUIRED' && password)) setFieldErrors({ confirm: text });
      else setFieldErrors({ password: text });
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await onSubmit({ new_password: password, confirm_password: confirm });
    } catch (error) {
      setFormError(handleError(error).message);
    } finally {
      setSubmitting(false);
    }
  };

  const type = visible ? 'text' : 'password';
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert message={formError} />
      <TextField
        label={passwordLabel}
        type={type}
        name="new-password"
        autoComplete="new-password"
        maxLength={LIMITS.password}
        required
        value={password}
        error={fieldErrors.password}
        describedBy={checklistId}
        onChange={(event) => {
          setPassword(event.target.value);
          setFieldErrors({});
        }}
        addon={
          <Button variant="ghost" size="sm" className="vt-auth__toggle" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
            {visible ? t('login.hidePassword') : t('login.showPassword')}
          </Button>
        }
      />
      <TextField
        label={confirmLabel}
        type={type}
        name="confirm-password"
        autoComplete="new-password"
        maxLength={LIMITS.password}
        required
        value={confirm}
        error={fieldErrors.confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          setFieldErrors({});
        }}
      />
      <div id={checklistId}>
        <PasswordChecklist password={password} confirm={confirm} />
      </div>
      <div className="vt-auth__actions">
        <Button type="submit" block loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
