import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { handleError, isHttpError, useSearchParams, useTranslation } from '@vitrine/core';
import { Button, TextField } from '@vitrine/ui';
import { sendContactMessage } from '../../api/public-content';
import {
  checkAll,
  checkField,
  emptyValues,
  FIELD_LIMITS,
  firstInvalid,
  retryMinutes,
  serverFieldErrors,
  type ContactErrors,
  type ContactField,
  type ContactValues,
  type FieldProblem,
} from './contact-fields';
import { ReplyPromise } from './reply-promise';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: ReactNode;
}

/** TextField's markup (label, aria-invalid, aria-describedby, the error) around a textarea. */
function TextAreaField({ label, error, id, required, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={['vt-field', error ? 'vt-field--invalid' : null].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="vt-field__label">
        {label}
        {required ? <span className="vt-field__required" aria-hidden="true"> *</span> : null}
      </label>
      <textarea {...textarea} id={inputId} required={required} className="vt-input" aria-invalid={error ? true : undefined} aria-describedby={errorId} />
      {error ? (
        <p id={errorId} className="vt-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `?subject=` of a call to action (a landing page's), within the field's length. */
function useSubjectParam(): string {
  const [search] = useSearchParams();
  return (search.get('subject') ?? '').trim().slice(0, FIELD_LIMITS.subject);
}

/**
 * The contact form (POST /public/contact). Checks the SPEC §5 rules on submit, then on blur and while
 * typing in a field once it was changed or shown wrong; the API's field errors land on their fields; a
 * refusal, a rate limit or an outage is said above the button, and nothing typed is lost. `website` is a
 * trap people never see (bots fill it in); `elapsed_ms` is how long the form was open before sending.
 */
export function ContactForm() {
  const { t } = useTranslation('public');
  const subjectParam = useSubjectParam();
  const [values, setValues] = useState<ContactValues>(() => ({ ...emptyValues(), subject: subjectParam }));
  const [prefilled, setPrefilled] = useState(subjectParam);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [changed, setChanged] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const sent = sentAt !== null;
  const form = useRef<HTMLFormElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const success = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<ContactField | null>(null);
  const readySince = useRef<number | null>(null);
  const wasSent = useRef(false);

  // Another call to action on the same page (a new ?subject=) fills the subject in again.
  if (prefilled !== subjectParam) {
    setPrefilled(subjectParam);
    setValues((current) => ({ ...current, subject: subjectParam }));
  }

  // The form is usable from here (after hydration, or its mount): what elapsed_ms counts from.
  useEffect(() => {
    if (sent) {
      success.current?.focus();
    } else {
      readySince.current = Date.now();
      if (wasSent.current) focusNext.current = 'name';
    }
    wasSent.current = sent;
  }, [sent]);

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
    if (problem.rule === 'invalidEmail') return t('contact.errors.invalidEmail');
    return t('contact.errors.maxLength', { max: FIELD_LIMITS[field] });
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
    const handled = handleError(error);
    const fieldErrors = serverFieldErrors(handled.errors);
    const first = firstInvalid(fieldErrors);
    if (first) {
      setErrors(fieldErrors);
      focusNext.current = first;
      return;
    }
    const minutes = handled.statusCode === 429 && isHttpError(error) ? retryMinutes(error.response?.headers?.['retry-after']) : null;
    setFormError(minutes ? t('contact.errors.rateLimited', { count: minutes }) : handled.message);
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
        elapsed_ms: Math.max(0, Math.round(Date.now() - (readySince.current ?? Date.now()))),
      });
      setValues(emptyValues());
      setErrors({});
      setChanged({});
      setSubmitted(false);
      if (trap.current) trap.current.value = '';
      setSentAt(new Date());
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="vt-contact__success" role="status">
        <h2 ref={success} tabIndex={-1}>
          {t('contact.successTitle')}
        </h2>
        <p>{t('contact.successText')}</p>
        <ReplyPromise at={sentAt} />
        <button type="button" className="vt-btn vt-btn--secondary" onClick={() => setSentAt(null)}>
          {t('contact.another')}
        </button>
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
    <form ref={form} className="vt-contact__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="contact-form-title">
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
      <div className="vt-contact__trap" aria-hidden="true">
        <label htmlFor="contact-website">{t('contact.trap')}</label>
        <input ref={trap} id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {summary ? (
        <p className="vt-contact__alert" role="alert">
          {summary}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={sending}>
        {sending ? t('contact.sending') : t('contact.submit')}
      </Button>
    </form>
  );
}
