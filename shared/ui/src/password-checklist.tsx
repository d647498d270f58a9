import { PASSWORD_CHECKS, isStrongPassword, passwordPolicy, type PasswordCheck } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';

export interface PasswordChecklistProps {
  password: string;
  /** When given, the list also checks that both passwords match. */
  confirm?: string;
  className?: string;
}

const FALLBACK: Record<PasswordCheck | 'match' | 'title' | 'met' | 'notMet' | 'weak' | 'strong', string> = {
  title: 'Your password needs:',
  length: 'At least 8 characters',
  number: 'A number',
  special: 'A special character',
  lowercase: 'A lowercase letter',
  uppercase: 'An uppercase letter',
  match: 'Both passwords match',
  met: 'met',
  notMet: 'not met',
  weak: 'Your password is weak',
  strong: 'Your password is strong',
};

/**
 * The live password-policy checklist of SPEC §5 (contracts' passwordPolicy),
 * each item ✓ or ✗ with its state spelled out for screen readers, and the
 * 'Your password is weak' line while a typed password misses any rule.
 * Texts from the `errors` namespace (errors:passwordPolicy.*, errors:passwordWeak).
 */
export function PasswordChecklist({ password, confirm, className }: PasswordChecklistProps) {
  const { t, i18n } = useTranslation('errors');
  const say = (key: string, fallback: string) =>
    typeof i18n?.exists === 'function' && i18n.exists(`errors:${key}`) ? t(key) : fallback;

  const policy = passwordPolicy(password);
  const items: { key: PasswordCheck | 'match'; met: boolean }[] = PASSWORD_CHECKS.map((check) => ({ key: check, met: policy[check] }));
  if (confirm !== undefined) items.push({ key: 'match', met: password.length > 0 && password === confirm });
  const strong = isStrongPassword(password);

  return (
    <div className={['vt-password-checklist', className].filter(Boolean).join(' ')}>
      <p className="vt-password-checklist__title">{say('passwordPolicy.title', FALLBACK.title)}</p>
      <ul>
        {items.map(({ key, met }) => (
          <li key={key} className={met ? 'vt-check vt-check--met' : 'vt-check'} data-check={key} data-met={met}>
            <span className="vt-check__mark" aria-hidden="true">
              {met ? '✓' : '✗'}
            </span>{' '}
            {say(`passwordPolicy.${key}`, FALLBACK[key])}
            <span className="vt-visually-hidden">
              {' '}
              ({met ? say('passwordPolicy.met', FALLBACK.met) : say('passwordPolicy.notMet', FALLBACK.notMet)})
            </span>
          </li>
        ))}
      </ul>
      <p className="vt-password-checklist__status" aria-live="polite">
        {password.length === 0 ? null : strong ? (
          <span className="vt-text-positive">{say('passwordPolicy.strong', FALLBACK.strong)}</span>
        ) : (
          <span className="vt-field__error">{say('passwordWeak', FALLBACK.weak)}</span>
        )}
      </p>
    </div>
  );
}
