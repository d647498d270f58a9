/**
 * The validation rules of the forms, written once and used by the API (via the
 * schemas) and by the screens. Each rule answers with a rule key; the API turns
 * it into { property, message: { rule: text } } and the screens into i18n text.
 */

/** Letters, digits, dot, underscore or hyphen; @; a domain; a 2–4 letter top-level part. */
export const EMAIL_PATTERN = '^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,4}$';
const EMAIL_RE = new RegExp(EMAIL_PATTERN);

export const PASSWORD_MIN_LENGTH = 8;
export const LIMITS = {
  email: 254,
  name: 80,
  position: 80,
  password: 128,
  phone: 30,
  taxId: 30,
  biography: 2000,
  search: 200,
  url: 2048,
  code: 6,
} as const;

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= LIMITS.email && EMAIL_RE.test(value);
}

export type PasswordCheck = 'length' | 'number' | 'special' | 'lowercase' | 'uppercase';

export const PASSWORD_CHECKS: readonly PasswordCheck[] = ['length', 'number', 'special', 'lowercase', 'uppercase'];

/** Each password-policy item and whether the password meets it (drives the live checklist). */
export function passwordPolicy(password: string): Record<PasswordCheck, boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    number: /[0-9]/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
  };
}

export function isStrongPassword(password: string): boolean {
  return Object.values(passwordPolicy(password)).every(Boolean);
}

export interface NewPasswordInput {
  current?: string;
  password: string;
  confirm: string;
}

export type NewPasswordProblem = 'PASSWORD_FIELDS_REQUIRED' | 'WEAK_PASSWORD' | 'PASSWORDS_DO_NOT_MATCH';

/**
 * The password-change rules in the order the screens report them: all fields
 * filled, policy met, the two new passwords equal. `requireCurrent` for the
 * settings-profile change (a reset by link or first access has no current one).
 */
export function checkNewPassword(input: NewPasswordInput, requireCurrent: boolean): NewPasswordProblem | null {
  if ((requireCurrent && !input.current) || !input.password || !input.confirm) return 'PASSWORD_FIELDS_REQUIRED';
  if (!isStrongPassword(input.password)) return 'WEAK_PASSWORD';
  if (input.password !== input.confirm) return 'PASSWORDS_DO_NOT_MATCH';
  return null;
}

export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute https address with a host and no spaces (a social profile's link on the public footer). */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}
