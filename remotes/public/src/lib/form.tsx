import { useContext, useRef, useSyncExternalStore } from 'react';
import { FORM_ID_FIELD, FORM_LANGUAGE_FIELD, SENT_PARAM, type FieldError, type PageFormId, type PostedForm, type RouteData } from '@vitrine/contracts';
import { handleError, isHttpError, useLocation, useSearchParams, useTranslation } from '@vitrine/core';
import { PAGE_QUERY_ENTRY, POSTED_FORM_ENTRY, RouteDataContext } from './loader';

export { useTypedBeforeStart } from './typed-before-start';

export { PAGE_QUERY_ENTRY, POSTED_FORM_ENTRY };

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
  /** The common handler's text: translated by code (E-mail já cadastrado, a refusal, an outage), else the default. */
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

/** Milliseconds since a form was shown (`elapsed_ms` of the public forms: people take longer than bots); null: since the page's start. */
export const elapsedSince = (start: number | null): number => Math.max(0, Math.round(Date.now() - (start ?? performance.timeOrigin)));

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

const noChange = () => () => undefined;

/**
 * A public form as the server takes it without the page's code (docs/decisions/forms-without-js.md): a POST to its
 * own page's address (the page's own parameters, and `#<id>` so the answer opens at the form), naming itself in
 * `form` and the page's language in `lang` (`hidden`). `posted` is the form as sent when the server answered with the
 * page again (its data carries it, so the server's render and hydration agree), and `failure` the answer, read as the
 * page's code reads a failed request (readFailure) but in the page's language: `errors:<code>`, else the API's text.
 * `sent`: this page is the form's result page (`?sent=<id>`). `data`: the route's data, for a part drawn outside the
 * page (the footer). `shown`: when the form was shown, for `elapsed_ms` (elapsedSince): a form the server rendered
 * was on screen, and could be filled in, from the page's start, long before its code ran (timed from hydration, every
 * form filled in before looked sent at once); one the browser mounts from its mount; `again()` for a form shown again.
 */
export function usePageForm<F extends string>(id: PageFormId, fields: readonly F[], options: { data?: RouteData | undefined; ownQuery?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  const context = useContext(RouteDataContext);
  const data = options.data ?? context;
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  // True on the server and while hydrating (the form was the server's), false for a form the browser mounts.
  const hydrating = useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );
  const shown = useRef(hydrating ? null : Date.now());
  const query = options.ownQuery === false ? '' : String(data?.entries[PAGE_QUERY_ENTRY] ?? '');
  const entry = data?.entries[POSTED_FORM_ENTRY] as PostedForm | undefined;
  const posted = entry?.id === id ? entry : undefined;
  const error = posted?.error;
  const key = `errors:${error?.code}`;
  const failure: SubmitFailure<F> | null = error
    ? {
        message: i18n.exists(key) ? t(key) : error.message,
        code: error.code,
        status: error.statusCode,
        fields: fieldProblems(error.errors, fields),
        retryMinutes: error.retryAfter ? retryMinutes(error.retryAfter) : null,
      }
    : null;
  return {
    posted,
    failure,
    sent: search.get(SENT_PARAM) === id,
    action: `${pathname}${query ? `?${query}` : ''}#${id}`,
    hidden: (
      <>
        <input type="hidden" name={FORM_ID_FIELD} value={id} />
        <input type="hidden" name={FORM_LANGUAGE_FIELD} value={i18n.language} />
      </>
    ),
    shown,
    again: () => {
      shown.current = Date.now();
    },
  };
}

