import type { FieldError } from './errors';

/**
 * The public pages' forms as the server takes them without JavaScript (docs/decisions/forms-without-js.md).
 * A form is a real `<form method="post">` whose action is its own page's address; these hidden fields and the
 * result page's parameter are what the page and the server agree on.
 */

/** The hidden field naming which form of the page was sent: its id on the page (PAGE_FORMS' keys). */
export const FORM_ID_FIELD = 'form';
/** The hidden field holding the language the page was rendered in: the answer and the mails are written in it. */
export const FORM_LANGUAGE_FIELD = 'lang';
/**
 * The result page's query parameter: `?sent=<form id>` shows that form's success (the page's own address, so a
 * reload shows it again and sends nothing). Every public route declares it (it is rendered on the server).
 */
export const SENT_PARAM = 'sent';

/**
 * Each form a public page can hold, by its id on the page, and what it does. The id is also the element id the
 * result page and an answered error scroll to (`#newsletter-footer`).
 */
export const PAGE_FORMS = {
  /** The newsletter band of a page (home, blog, a post, an invalid link's page). */
  newsletter: 'newsletter',
  /** The newsletter sign-up of the public footer (every public page). */
  'newsletter-footer': 'newsletter',
  contact: 'contact',
  /** Leaving the newsletter, with a reason (the subscription's page). */
  unsubscribe: 'unsubscribe',
  /** A new confirmation link to the address on record (the subscription's page: come back, or resend). */
  resubscribe: 'resubscribe',
} as const;
export type PageFormId = keyof typeof PAGE_FORMS;
export type PageFormKind = (typeof PAGE_FORMS)[PageFormId];

export function isPageFormId(value: unknown): value is PageFormId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PAGE_FORMS, value);
}

/** What the API answered a form the server took, for the page to say (the JSON API's error envelope, and Retry-After). */
export interface PostedFormError {
  statusCode: number;
  code: string;
  message: string;
  errors?: FieldError[];
  /** Seconds Retry-After asks to wait (429). */
  retryAfter?: number;
}

/**
 * A form sent without the page's code that the server could not take: the page is rendered again with it (the
 * fields as typed, the trap field left out, and the answer), so the visitor corrects it where they wrote it.
 * Carried to the page's route through its load context (RouteLoadContext.form) and embedded with the page's data,
 * so hydration renders the same form.
 */
export interface PostedForm {
  id: PageFormId;
  values: Record<string, string>;
  error: PostedFormError;
}

/** Why the spam guard doubted a submission (the trap field was filled; it was sent faster than a person fills it in). */
export const SPAM_REASONS = ['honeypot', 'too-fast'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];
/** The forms the spam guard looks at. */
export const GUARDED_FORMS = ['contact', 'newsletter'] as const;
export type GuardedForm = (typeof GUARDED_FORMS)[number];
/** How many days back the staff's count of what the guard doubted looks. */
export const SPAM_GUARD_DAYS = 30;
