import { PASSWORD_CHECKS, isStrongPassword, passwordPolicy, type PasswordCheck } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';

export interface PasswordChecklistProps {
  password: string;
  /** When given, the list also checks that both passwords match. */
  confirm?: string;
  className?: string;
}

/**
 * The live password-policy checklist (contracts' passwordPolicy),
 * each item ✓ or ✗ with its state spelled out for screen readers, and the
 * 'Your password is weak' line while a typed password misses any rule.
 * Texts from the `errors` namespace (errors:passwordPolicy.*, errors:passwordWeak), which the page loads first.
 */
export function PasswordChecklist({ password, confirm, className }: PasswordChecklistProps) {
  const { t } = useTranslation('errors');

  const policy = passwordPolicy(password);
  const items: { key: PasswordCheck | 'match'; met: boolean }[] = PASSWORD_CHECKS.map((check) => ({ key: check, met: policy[check] }));
  if (confirm !== undefined) items.push({ key: 'match', met: password.length > 0 && password === confirm });
  const strong = isStrongPassword(password);

  return (
    <div className={['vt-password-checklist', className].filter(Boolean).join(' ')}>
      <p className="vt-password-checklist__title">{t('passwordPolicy.title')}</p>
      <ul>
        {items.map(({ key, met }) => (
          <li key={key} className={met ? 'vt-check vt-check--met' : 'vt-check'} data-check={key} data-met={met}>
            <span className="vt-check__mark" aria-hidden="true">
              {met ? '✓' : '✗'}
            </span>{' '}
            {t(`passwordPolicy.${key}`)}
            <span className="vt-visually-hidden">
              {' '}
              ({met ? t('passwordPolicy.met') : t('passwordPolicy.notMet')})
            </span>
          </li>
        ))}
      </ul>
      <p className="vt-password-checklist__status" aria-live="polite">
        {password.length === 0 ? null : strong ? (
          <span className="vt-text-positive">{t('passwordPolicy.strong')}</span>
        ) : (
          <span className="vt-field__error">{t('passwordWeak')}</span>
        )}
      </p>
    </div>
  );
}
