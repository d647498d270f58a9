import { AUDIENCE_LIMITS, isValidEmail, LIMITS } from '@vitrine/contracts';
import type { FieldProblem } from '../../lib/form';

/** The contact form's fields, in the order they are shown (the first invalid one gets the focus). */
export const CONTACT_FIELDS = ['name', 'email', 'company', 'telephone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

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

/** The rules the API applies: every field required, a valid email, the API's lengths. */
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
