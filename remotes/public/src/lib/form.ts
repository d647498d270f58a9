import type { FieldError } from '@vitrine/contracts';
import { handleError, isHttpError, useTranslation } from '@vitrine/core';

/** What is wrong with a field: a rule the page says in the visitor's language, or the server's own text for any other rule. */
export type FieldProblem = { rule: 'required' | 'invalidEmail' | 'maxLength' } | { text: string };

const RULES: Record<string, 'required' | 'invalidEmail' | 'maxLength'> = {
  isNotEmpty: 'required',
  isEmail: 'invalidEmail',
  maxLength: 'maxLength',
};

/** The API's field errors (400 VALIDATION_ERROR, `{ property, message: { rule: text } }`) by field of a form; other properties are left out. */
export function fieldProblems<F extends string>(errors: readonly FieldError[] | undefined, fields: readonly F[]): Partial<Record<F, FieldProblem>> {
  const result: Partial<Record<F, FieldProblem>> = {};
  for (const item of errors ?? []) {
    const field = fields.find((name) => name === item.property);
    if (!field) continue;
    const rules = Object.keys(item.message ?? {});
    const known = rules.map((rule) => RULES[rule]).find(Boolean);
    const text = rules.map((rule) => item.message[rule]).find(Boolean);
    if (known) result[field] = { rule: known };
    else if (text) result[field] = { text };
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

/** A failed submission as the public forms say it. */
export interface SubmitFailure<F extends string> {
  /** The common handler's text (SPEC §8): translated by code (E-mail já cadastrado, a refusal, an outage), else the default. */
  message: string;
  code: string | undefined;
  status: number | undefined;
  /** The API's field errors on this form's fields (empty when there are none). */
  fields: Partial<Record<F, FieldProblem>>;
  /** On 429, the whole minutes Retry-After asks to wait (null without the header). */
  retryMinutes: number | null;
}

/** Reads a failed POST of a public form through the shared error handler, with the parts a form shows on its own. */
export function readFailure<F extends string>(error: unknown, fields: readonly F[]): SubmitFailure<F> {
  const handled = handleError(error);
  return {
    message: handled.message,
    code: handled.code,
    status: handled.statusCode,
    fields: fieldProblems(handled.errors, fields),
    retryMinutes: handled.statusCode === 429 && isHttpError(error) ? retryMinutes(error.response?.headers?.['retry-after']) : null,
  };
}

/** Milliseconds since a form became usable (`elapsed_ms` of the public forms: people take longer than bots). */
export const elapsedSince = (start: number | null): number => Math.max(0, Math.round(Date.now() - (start ?? Date.now())));

/** A failure as a notice: 'already so' (409 EMAIL_ALREADY_REGISTERED) is news, not an error; a rate limit says its minutes. */
export interface FailureNotice {
  tone: 'info' | 'error';
  text: string;
}

/** How the newsletter's forms and buttons say a failed request (the contact form words its rate limit its own way). */
export function useFailureNotice(): (failure: SubmitFailure<string>) => FailureNotice {
  const { t } = useTranslation('public');
  return (failure) => {
    if (failure.code === 'EMAIL_ALREADY_REGISTERED') return { tone: 'info', text: failure.message };
    return { tone: 'error', text: failure.retryMinutes ? t('form.rateLimited', { count: failure.retryMinutes }) : failure.message };
  };
}
