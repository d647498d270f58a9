import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from '@vitrine/core';
import { Button, TextAreaField, TextField } from '@vitrine/ui';
import { sendContactMessage } from '../../api/browser-effects';
import { Notice } from '../../components/notice';
import { TrapField } from '../../components/trap-field';
import { elapsedSince, readFailure, usePageForm, useTypedBeforeStart, type FieldProblem } from '../../lib/form';
import {
  checkAll,
  checkField,
  CONTACT_FIELDS,
  emptyValues,
  FIELD_LIMITS,
  firstInvalid,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './contact-fields';
import { ReplyPromise } from './reply-promise';
import { usePageTexts } from '../../texts';

/** A form's values as the server got them (PostedForm.values), on this form's fields. */
function pick(values: Record<string, string> | undefined): Partial<ContactValues> {
  const out: Partial<ContactValues> = {};
  for (const field of CONTACT_FIELDS) if (typeof values?.[field] === 'string') out[field] = values[field];
  return out;
}

/** `?subject=` of a call to action (a landing page's), within the field's length. */
function useSubjectParam(): string {
  const [search] = useSearchParams();
  return (search.get('subject') ?? '').trim().slice(0, FIELD_LIMITS.subject);
}

/**
 * The contact form (POST /public/contact). Checks the fields' rules (contact-fields.ts) on submit, then on blur and while
 * typing in a field once it was changed or shown wrong; the API's field errors land on their fields; a
 * refusal, a rate limit or an outage is said above the button, and nothing typed is lost. `website` is a
 * trap people never see (bots fill it in); `elapsed_ms` is how long the form was open before sending.
 *
 * It is a real form posted to /contact (docs/decisions/forms-without-js.md): before the page's code runs, or
 * without it, the server takes it and answers with this page showing the same success (`?sent=contact`), or the
 * page again with every field as typed and the same errors, which this form then starts from.
 */
export function ContactForm() {
  const { t } = usePageTexts();
  const subjectParam = useSubjectParam();
  const page = usePageForm('contact', CONTACT_FIELDS);
  const failed = page.failure;
  // The server renders every ?subject= as one cached page (the parameter is not part of its key), so the
  // first render leaves the subject empty like the server's HTML and an effect fills it in.
  const [values, setValues] = useState<ContactValues>(() => ({ ...emptyValues(), ...pick(page.posted?.values) }));
  const [prefilled, setPrefilled] = useState('');
  const [errors, setErrors] = useState<ContactErrors>(() => failed?.fields ?? {});
  const [changed, setChanged] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(failed !== null);
  const [formError, setFormError] = useState<string | null>(() => (failed && !firstInvalid(failed.fields) ? (failed.retryMinutes ? t('contact.errors.rateLimited', { count: failed.retryMinutes }) : failed.message) : null));
  const [sending, setSending] = useState(false);
  // Sent here (when: the reply promise in the visitor's time), or this is the form's result page.
  const [sent, setSent] = useState(page.sent);
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const success = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<ContactField | null>(null);
  const wasSent = useRef(sent);
  // What was typed before the page's code ran is the form's from the start (and counts as changed: checked when left).
  useTypedBeforeStart(form, (typed) => {
    const found = pick(typed);
    setValues((current) => ({ ...current, ...found }));
    setChanged((current) => ({ ...current, ...Object.fromEntries(Object.keys(found).map((field) => [field, true])) }));
  });

  // A call to action's ?subject= (on arrival, or a new one on the same page) fills the subject in.
  useEffect(() => {
    if (prefilled === subjectParam) return;
    setPrefilled(subjectParam);
    setValues((current) => ({ ...current, subject: subjectParam }));
  }, [prefilled, subjectParam]);

  // Sent here: the focus goes to the success; 'send another': to the first field, shown from now (elapsed_ms).
  useEffect(() => {
    if (sent === wasSent.current) return;
    if (sent) {
      success.current?.focus();
    } else {
      page.again();
      focusNext.current = 'name';
    }
    wasSent.current = sent;
  });

  // A field to focus once its error is rendered (the first invalid one, or the first after 'send another').
  useEffect(() => {
    const field = focusNext.current;
    if (!field) return;
    focusNext.current = null;
    const element = form.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  });

  const say = (field: ContactField, problem: FieldProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    if ('text' in problem) return problem.text;
    if (problem.rule === 'required') return t(`contact.errors.required.${field}`);
    if (problem.rule === 'invalidEmail') return t('form.invalidEmail');
    return t('form.maxLength', { max: FIELD_LIMITS[field] });
  };

  const setProblem = (field: ContactField, problem: FieldProblem | undefined) =>
    setErrors((current) => {
      const next = { ...current };
      if (problem) next[field] = problem;
      else delete next[field];
      return next;
    });

  const change = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChanged((current) => (current[field] ? current : { ...current, [field]: true }));
    if (errors[field]) setProblem(field, checkField(field, value));
  };

  const blur = (field: ContactField) => {
    if (changed[field] || submitted) setProblem(field, checkField(field, values[field]));
  };

  const fail = (error: unknown) => {
    const failure = readFailure(error, CONTACT_FIELDS);
    const first = firstInvalid(failure.fields);
    if (first) {
      setErrors(failure.fields);
      focusNext.current = first;
      return;
    }
    setFormError(failure.retryMinutes ? t('contact.errors.rateLimited', { count: failure.retryMinutes }) : failure.message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setFormError(null);
    const found = checkAll(values);
    setErrors(found);
    const first = firstInvalid(found);
    if (first) {
      focusNext.current = first;
      return;
    }
    setSending(true);
    try {
      await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        telephone: values.telephone.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        website: trap.current?.value ?? '',
        elapsed_ms: elapsedSince(page.shown.current),
      });
      setValues(emptyValues());
      setErrors({});
      setChanged({});
      setSubmitted(false);
      if (trap.current) trap.current.value = '';
      setSentAt(new Date());
      setSent(true);
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div id="contact" className="vt-contact__success" role="status">
        <h2 ref={success} tabIndex={-1}>
          {t('contact.successTitle')}
        </h2>
        <p>{t('contact.successText')}</p>
        <ReplyPromise {...(sentAt ? { at: sentAt } : {})} />
        {/* A link to an empty form (the page without its result), which the page's code shows in place. */}
        <a
          className="vt-btn vt-btn--secondary"
          href={page.action}
          onClick={(event) => {
            event.preventDefault();
            setSentAt(null);
            setSent(false);
          }}
        >
          {t('contact.another')}
        </a>
      </div>
    );
  }

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    label: t(`contact.fields.${name}`),
    required: true,
    maxLength: FIELD_LIMITS[name],
    value: values[name],
    error: say(name, errors[name]),
    onBlur: () => blur(name),
  });
  const summary = formError ?? (submitted && firstInvalid(errors) ? t('contact.errors.checkFields') : null);

  return (
    <form
      ref={form}
      id="contact"
      className="vt-contact__form"
      method="post"
      action={page.action}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="contact-form-title"
    >
      {page.hidden}
      <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
      <p className="vt-contact__muted">{t('contact.required')}</p>
      <div className="vt-contact__pair">
        <TextField {...field('name')} autoComplete="name" onChange={(event) => change('name', event.target.value)} />
        <TextField {...field('email')} type="email" inputMode="email" autoComplete="email" onChange={(event) => change('email', event.target.value)} />
      </div>
      <div className="vt-contact__pair">
        <TextField {...field('company')} autoComplete="organization" onChange={(event) => change('company', event.target.value)} />
        <TextField {...field('telephone')} type="tel" inputMode="tel" autoComplete="tel" onChange={(event) => change('telephone', event.target.value)} />
      </div>
      <TextField {...field('subject')} onChange={(event) => change('subject', event.target.value)} />
      <TextAreaField {...field('message')} rows={6} onChange={(event) => change('message', event.target.value)} />
      <TrapField id="contact-website" ref={trap} />
      {summary ? (
        <Notice tone="error" role="alert">
          {summary}
        </Notice>
      ) : null}
      <Button type="submit" size="lg" loading={sending}>
        {sending ? t('contact.sending') : t('contact.submit')}
      </Button>
    </form>
  );
}
