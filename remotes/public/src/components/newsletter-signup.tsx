import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isValidEmail, LIMITS, type RouteData } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { Button, TextField } from '@vitrine/ui';
import { subscribeNewsletter } from '../api/newsletter';
import { elapsedSince, readFailure, useFailureNotice, usePageForm, useTypedBeforeStart, type FailureNotice, type FieldProblem } from '../lib/form';
import { Notice } from './notice';
import { TrapField } from './trap-field';
import './newsletter-signup.css';

const FIELDS = ['email'] as const;

/** The e-mail is required and must be valid (the API's own rule and length). */
function checkEmail(value: string): FieldProblem | undefined {
  const email = value.trim();
  if (!email) return { rule: 'required' };
  if (!isValidEmail(email)) return { rule: 'invalidEmail' };
  return undefined;
}

/**
 * The weekly newsletter's sign-up (POST /public/newsletter, double opt-in): an email, the trap field and
 * the time the form was open, as on the contact form. It asks nothing until sent, and renders the same on
 * the server and in the browser. The result is said in a live region: check your inbox, already
 * registered (409), a refusal (403), a rate limit with its minutes (429), or the common handler's text.
 *
 * It is a real form posted to its own page (docs/decisions/forms-without-js.md): before the page's code runs, or
 * without it, the server takes it and answers with the page showing the same result (`?sent=newsletter`), or the
 * page again with the email as typed and what was wrong. `placement`: the page's band, or the public footer's
 * (each its own form id, so a page holding both answers the one that was sent); `data` for the footer's, which is
 * drawn outside the page's route data.
 */
export function NewsletterSignup({ className, placement = 'page', data }: { className?: string; placement?: 'page' | 'footer'; data?: RouteData | undefined }) {
  const { t } = useTranslation('public');
  const id = useId();
  const page = usePageForm(placement === 'footer' ? 'newsletter-footer' : 'newsletter', FIELDS, { data });
  const failed = page.failure;
  const notice = useFailureNotice();
  const [email, setEmail] = useState(() => page.posted?.values.email ?? '');
  const [problem, setProblem] = useState<FieldProblem | undefined>(() => failed?.fields.email);
  const [result, setResult] = useState<FailureNotice | null>(() => (failed && !failed.fields.email ? notice(failed) : null));
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(page.sent);
  const form = useRef<HTMLFormElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const focusEmail = useRef(false);
  const wasSent = useRef(sent);
  // An address typed (or autofilled) before the page's code ran is the form's from the start.
  useTypedBeforeStart(form, (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
  });

  // A sign-up done here (not a result page opened) moves the focus to its result; "use another email" back to the field.
  useEffect(() => {
    if (sent && !wasSent.current) done.current?.focus();
    wasSent.current = sent;
  }, [sent]);

  useEffect(() => {
    if (!focusEmail.current) return;
    focusEmail.current = false;
    const input = form.current?.elements.namedItem('email');
    if (input instanceof HTMLElement) input.focus();
  });

  const say = (found: FieldProblem | undefined) => {
    if (!found) return undefined;
    if ('text' in found) return found.text;
    if (found.rule === 'required') return t('newsletter.required');
    if (found.rule === 'invalidEmail') return t('form.invalidEmail');
    return t('form.maxLength', { max: LIMITS.email });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setResult(null);
    const found = checkEmail(email);
    setProblem(found);
    if (found) {
      focusEmail.current = true;
      return;
    }
    setSending(true);
    try {
      await subscribeNewsletter({ email: email.trim(), website: trap.current?.value ?? '', elapsed_ms: elapsedSince(page.shown.current) });
      setEmail('');
      setSent(true);
    } catch (error) {
      const failure = readFailure(error, FIELDS);
      if (failure.fields.email) {
        setProblem(failure.fields.email);
        focusEmail.current = true;
      } else {
        setResult(notice(failure));
      }
    } finally {
      setSending(false);
    }
  };

  const again = () => {
    focusEmail.current = true;
    page.again();
    setSent(false);
  };

  return (
    <section id={placement === 'footer' ? 'newsletter-footer' : 'newsletter'} className={['vt-newsletter', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`}>
      <div className="vt-newsletter__inner">
        <div>
          <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
          <p className="vt-newsletter__text">{t('newsletter.text')}</p>
        </div>
        <div>
          {sent ? null : (
            <form
              ref={form}
              className="vt-newsletter__form"
              method="post"
              action={page.action}
              noValidate
              onSubmit={(event) => void submit(event)}
              aria-labelledby={`${id}-title`}
            >
              {page.hidden}
              <TextField
                id={`${id}-email`}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                label={t('newsletter.email')}
                required
                maxLength={LIMITS.email}
                value={email}
                error={say(problem)}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setResult(null);
                  if (problem) setProblem(checkEmail(event.target.value));
                }}
              />
              <TrapField id={`${id}-website`} ref={trap} />
              <Button type="submit" loading={sending}>
                {sending ? t('newsletter.sending') : t('newsletter.submit')}
              </Button>
            </form>
          )}
          <div className="vt-newsletter__result" aria-live="polite" aria-atomic="true">
            {sent ? (
              <Notice tone="success" ref={done} tabIndex={-1}>
                <p>
                  <strong>{t('newsletter.success')}</strong>
                </p>
                <p>{t('newsletter.successText')}</p>
              </Notice>
            ) : null}
            {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
          </div>
          {sent ? (
            // A link to the form (the page without its result), which the page's code turns into showing it again in place.
            <a
              className="vt-btn vt-btn--link vt-newsletter__again"
              href={page.action}
              onClick={(event) => {
                event.preventDefault();
                again();
              }}
            >
              {t('newsletter.another')}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
