import { AUDIENCE_LIMITS, isValidEmail, LIMITS, type FieldError } from '@vitrine/contracts';

/** The contact form's fields, in the order they are shown (the first invalid one gets the focus). */
export const CONTACT_FIELDS = ['name', 'email', 'company', 'telephone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** What is wrong with a field: a rule the page says in the visitor's language, or the server's own text for any other rule. */
export type FieldProblem = { rule: 'required' | 'invalidEmail' | 'maxLength' } | { text: string };
export type ContactErrors = Partial<Record<ContactField, FieldProblem>>;

/** The API's limits (ContactMessageBody). */
export const FIELD_LIMITS: Record<ContactField, number> = {
  name: AUDIENCE_LIMITS.name,
  email: LIMITS.email,
  company: AUDIENCE_LIMITS.company,
  telephone: AUDIENCE_LIMITS.telephone,
  subject: AUDIENCE_LIMITS.subject,
  message: AUDIENCE_LIMITS.message,
};

export const emptyValues = (): ContactValues => ({ name: '', email: '', company: '', telephone: '', subject: '', message: '' });

/** The rules of SPEC §5 the API applies: every field required, a valid email, the API's lengths. */
export function checkField(field: ContactField, value: string): FieldProblem | undefined {
  const text = value.trim();
  if (!text) return { rule: 'required' };
  if (field === 'email' && !isValidEmail(text)) return { rule: 'invalidEmail' };
  if (text.length > FIELD_LIMITS[field]) return { rule: 'maxLength' };
  return undefined;
}

export function checkAll(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const problem = checkField(field, values[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}

export const firstInvalid = (errors: ContactErrors): ContactField | undefined => CONTACT_FIELDS.find((field) => errors[field]);

const RULES: Record<string, 'required' | 'invalidEmail' | 'maxLength'> = {
  isNotEmpty: 'required',
  isEmail: 'invalidEmail',
  maxLength: 'maxLength',
};

const isField = (name: string): name is ContactField => (CONTACT_FIELDS as readonly string[]).includes(name);

/** The API's field errors (400 VALIDATION_ERROR, `{ property, message: { rule: text } }`) by field of this form. */
export function serverFieldErrors(errors: readonly FieldError[] | undefined): ContactErrors {
  const result: ContactErrors = {};
  for (const item of errors ?? []) {
    if (!isField(item.property)) continue;
    const rules = Object.keys(item.message ?? {});
    const known = rules.map((rule) => RULES[rule]).find(Boolean);
    const text = rules.map((rule) => item.message[rule]).find(Boolean);
    if (known) result[item.property] = { rule: known };
    else if (text) result[item.property] = { text };
  }
  return result;
}

/** Whole minutes (at least 1) a Retry-After header asks to wait, in seconds or as an HTTP date; null without one. */
export function retryMinutes(header: unknown, now = Date.now()): number | null {
  if (typeof header !== 'string' && typeof header !== 'number') return null;
  const value = String(header).trim();
  if (!value) return null;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}
