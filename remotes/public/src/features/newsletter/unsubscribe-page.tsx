import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CONFIRMATION_RESULTS, NEWSLETTER_LIMITS, SENT_PARAM, UNSUBSCRIBE_REASONS, type NewsletterSubscription, type UnsubscribeReason } from '@vitrine/contracts';
import { useParams, useSearchParams } from '@vitrine/core';
import { Button, Skeleton, TextAreaField } from '@vitrine/ui';
import { resubscribeNewsletter, unsubscribeNewsletter } from '../../api/newsletter-leave';
import { ErrorState } from '../../components/error-state';
import { NewsletterSignup } from '../../components/newsletter-signup';
import { Notice } from '../../components/notice';
import { readFailure, useFailureNotice, usePageForm, useTypedBeforeStart, type FailureNotice, type FieldProblem } from '../../lib/form';
import { useLoader } from '../../lib/loader';
import { statusOf } from '../../lib/use-request';
import { subscriptionLoader, subscriptionRef } from './loader';
import '../../components/page.css';
import './newsletter.css';
import { usePageTexts } from '../../texts';

type SubscriptionRef = ReturnType<typeof subscriptionRef>;

const DETAILS = ['details'] as const;
const UNSUBSCRIBE_FIELDS = ['reason', 'details'] as const;
const NO_FIELDS = [] as const;

const reasonOf = (value: string | undefined): UnsubscribeReason | null => UNSUBSCRIBE_REASONS.find((reason) => reason === value) ?? null;

/** The answer of a failed request, said under the control that sent it (a live region, present from the start). */
function LiveNotice({ notice }: { notice: FailureNotice | null }) {
  return (
    <div className="vt-unsub__said" aria-live="polite" aria-atomic="true">
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
    </div>
  );
}

/**
 * Subscribe again (or resend a pending link): a new confirmation link to the address on record. A form of one button
 * posted to the subscription's page (forms-without-js.md): without the page's code the server sends the link and
 * answers with this page's "link sent" (`?sent=resubscribe`), or this page again with what went wrong.
 */
function Resubscribe({ subscription, label, onSent }: { subscription: SubscriptionRef; label: string; onSent: () => void }) {
  const page = usePageForm('resubscribe', NO_FIELDS, { ownQuery: false });
  const failed = page.failure;
  const notice = useFailureNotice();
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<FailureNotice | null>(() => (failed ? notice(failed) : null));
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setSaid(null);
    try {
      await resubscribeNewsletter(subscription.id, subscription.uniqueKey);
      onSent();
    } catch (error) {
      setSaid(notice(readFailure(error, [])));
      setSending(false);
    }
  };
  return (
    <form id="resubscribe" className="vt-unsub__action" method="post" action={page.action} onSubmit={(event) => void send(event)}>
      {page.hidden}
      <Button type="submit" variant="secondary" loading={sending}>
        {label}
      </Button>
      <LiveNotice notice={said} />
    </form>
  );
}

/**
 * Why are you leaving (one reason required, details optional), then POST …/unsubscribe. A form posted to the
 * subscription's page (forms-without-js.md): without the page's code the server unsubscribes and answers with this
 * page's "unsubscribed" (`?sent=unsubscribe`), or this page again with the reason and details as chosen and what
 * was wrong.
 */
function UnsubscribeForm({ subscription, onDone }: { subscription: SubscriptionRef; onDone: () => void }) {
  const { t } = usePageTexts();
  const id = useId();
  const page = usePageForm('unsubscribe', UNSUBSCRIBE_FIELDS, { ownQuery: false });
  const failed = page.failure;
  const notice = useFailureNotice();
  const [reason, setReason] = useState<UnsubscribeReason | null>(() => reasonOf(page.posted?.values.reason));
  const [details, setDetails] = useState(() => page.posted?.values.details ?? '');
  const [missing, setMissing] = useState(() => Boolean(failed?.fields.reason));
  const [detailsProblem, setDetailsProblem] = useState<FieldProblem | undefined>(() => failed?.fields.details);
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<FailureNotice | null>(() => (failed && !failed.fields.reason && !failed.fields.details ? notice(failed) : null));
  const form = useRef<HTMLFormElement>(null);
  const focusNext = useRef<'reason' | 'details' | null>(null);
  // A reason chosen and details written before the page's code ran are the form's from the start.
  useTypedBeforeStart(form, (typed) => {
    const chosen = reasonOf(typed.reason);
    if (chosen) setReason(chosen);
    if (typed.details !== undefined) setDetails(typed.details);
  });
  const errorId = `${id}-reason-error`;

  useEffect(() => {
    const name = focusNext.current;
    if (!name) return;
    focusNext.current = null;
    const target = form.current?.elements.namedItem(name);
    const element = target instanceof RadioNodeList ? target[0] : target;
    if (element instanceof HTMLElement) element.focus();
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSaid(null);
    const text = details.trim();
    const tooLong: FieldProblem | undefined = text.length > NEWSLETTER_LIMITS.unsubscribeDetails ? { rule: 'maxLength' } : undefined;
    setMissing(!reason);
    setDetailsProblem(tooLong);
    if (!reason || tooLong) {
      focusNext.current = reason ? 'details' : 'reason';
      return;
    }
    setSending(true);
    try {
      await unsubscribeNewsletter(subscription.id, subscription.uniqueKey, text ? { reason, details: text } : { reason });
      onDone();
    } catch (error) {
      const failure = readFailure(error, DETAILS);
      if (failure.fields.details) {
        setDetailsProblem(failure.fields.details);
        focusNext.current = 'details';
      } else {
        setSaid(notice(failure));
      }
      setSending(false);
    }
  };

  const sayDetails = (problem: FieldProblem | undefined) => {
    if (!problem) return undefined;
    if ('text' in problem) return problem.text;
    return t('form.maxLength', { max: NEWSLETTER_LIMITS.unsubscribeDetails });
  };

  return (
    <form
      ref={form}
      id="unsubscribe"
      className="vt-unsub__form"
      method="post"
      action={page.action}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {page.hidden}
      <fieldset className={missing ? 'vt-unsub__reasons vt-unsub__reasons--invalid' : 'vt-unsub__reasons'}>
        <legend>
          {t('unsubscribe.question')}
          <span className="vt-field__required" aria-hidden="true">
            {' *'}
          </span>
        </legend>
        {UNSUBSCRIBE_REASONS.map((value) => (
          <label key={value} className="vt-unsub__choice">
            <input
              type="radio"
              name="reason"
              value={value}
              required
              checked={reason === value}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? errorId : undefined}
              onChange={() => {
                setReason(value);
                setMissing(false);
              }}
            />
            <span>{t(`unsubscribe.reasons.${value}`)}</span>
          </label>
        ))}
        {missing ? (
          <p id={errorId} className="vt-field__error" role="alert">
            {t('unsubscribe.reasonRequired')}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        id={`${id}-details`}
        name="details"
        label={t('unsubscribe.details')}
        hint={t('unsubscribe.detailsHint', { max: NEWSLETTER_LIMITS.unsubscribeDetails })}
        rows={4}
        maxLength={NEWSLETTER_LIMITS.unsubscribeDetails}
        value={details}
        error={sayDetails(detailsProblem)}
        onChange={(event) => {
          setDetails(event.target.value);
          if (detailsProblem) setDetailsProblem(undefined);
        }}
      />
      <LiveNotice notice={said} />
      <Button type="submit" loading={sending}>
        {sending ? t('unsubscribe.sending') : t('unsubscribe.submit')}
      </Button>
    </form>
  );
}

type View = 'current' | 'left' | 'resent';

/** The view each form's result page (`?sent=<form id>`) opens on. */
const RESULT_VIEWS: Partial<Record<string, View>> = { unsubscribe: 'left', resubscribe: 'resent' };

/**
 * A subscription as its link shows it, and what its owner can do: leave (active, pending), resend the
 * confirmation link (pending), come back (cancelled, or just left). A confirmation link's landing says so
 * first, with leaving one click away.
 */
function Subscription({ subscription, data, welcome }: { subscription: SubscriptionRef; data: NewsletterSubscription; welcome: 'confirmed' | 'reactivated' | null }) {
  const { t } = usePageTexts();
  const [search] = useSearchParams();
  // A form's result page (sent without the page's code, forms-without-js.md) opens on that form's result.
  const [view, setView] = useState<View>(() => RESULT_VIEWS[search.get(SENT_PARAM) ?? ''] ?? 'current');
  const shownFirst = useRef(view);
  const said = useRef<HTMLDivElement>(null);
  // A re-subscription the server could not take, on a page that no longer offers it (the subscription is active).
  const resubscribeFailed = usePageForm('resubscribe', NO_FIELDS, { ownQuery: false }).failure;
  const notice = useFailureNotice();

  // A result reached here moves the focus to it; one the page opened on (a result page) does not.
  useEffect(() => {
    if (view !== 'current' && view !== shownFirst.current) said.current?.focus();
  }, [view]);

  const resubscribe = (label: string) => <Resubscribe subscription={subscription} label={label} onSent={() => setView('resent')} />;
  const news = (title: string, text: string) => (
    <Notice tone="success" role="status" ref={said} tabIndex={-1}>
      <p>
        <strong>{title}</strong>
      </p>
      <p>{text}</p>
    </Notice>
  );

  let body: ReactNode;
  if (view === 'left') {
    body = (
      <>
        {news(t('unsubscribe.done'), t('unsubscribe.doneText'))}
        {resubscribe(t('unsubscribe.resubscribe'))}
      </>
    );
  } else if (view === 'resent') {
    body = news(t('unsubscribe.resent'), t('unsubscribe.resentText'));
  } else if (data.state === 'cancelled') {
    body = (
      <>
        <Notice tone="info">
          <p>
            <strong>{t('unsubscribe.cancelled')}</strong>
          </p>
          <p>{t('unsubscribe.cancelledText')}</p>
        </Notice>
        {resubscribe(t('unsubscribe.resubscribe'))}
      </>
    );
  } else {
    const refused = data.state === 'active' && resubscribeFailed ? <LiveNotice notice={notice(resubscribeFailed)} /> : null;
    const form = (
      <>
        {refused}
        <UnsubscribeForm subscription={subscription} onDone={() => setView('left')} />
      </>
    );
    if (data.state === 'pending') {
      body = (
        <>
          <Notice tone="info">{t('unsubscribe.pending')}</Notice>
          {resubscribe(t('unsubscribe.resend'))}
          {form}
        </>
      );
    } else if (welcome) {
      body = (
        <>
          <Notice tone="success" role="status">
            {t(`unsubscribe.${welcome}`)}
          </Notice>
          <details className="vt-unsub__leave">
            <summary>{t('unsubscribe.leave')}</summary>
            {form}
          </details>
        </>
      );
    } else {
      body = form;
    }
  }

  return (
    <>
      <header className="vt-page__head">
        <h1>{t('unsubscribe.subscription')}</h1>
        <p className="vt-unsub__email">{t('unsubscribe.email', { email: data.email })}</p>
      </header>
      <div className="vt-unsub__card">{body}</div>
    </>
  );
}

/** A spent, expired or unknown link (or none): say so, and offer to subscribe again. */
function InvalidLink() {
  const { t } = usePageTexts();
  return (
    <>
      <header className="vt-page__head">
        <h1>{t('unsubscribe.title')}</h1>
      </header>
      <Notice tone="warning">
        <p>
          <strong>{t('unsubscribe.invalid')}</strong>
        </p>
        <p>{t('unsubscribe.invalidText')}</p>
      </Notice>
      <NewsletterSignup />
    </>
  );
}

const confirmation = (status: string | null) => CONFIRMATION_RESULTS.find((result) => result === status) ?? null;

/**
 * unsubscribe-newsletter/<uniqueKey>/<id>[?status=confirmed|reactivated|invalid]: where the
 * digest's unsubscribe link and the confirmation link land. Rendered on the server from the route's data.
 */
export function UnsubscribePage() {
  const { t } = usePageTexts();
  const ref = subscriptionRef(useParams());
  const [search] = useSearchParams();
  const status = confirmation(search.get('status'));
  const subscription = useLoader(subscriptionLoader);
  const invalid = !ref.id || status === 'invalid' || (subscription.status === 'error' && statusOf(subscription.error) === 404);

  let content: ReactNode;
  if (invalid) {
    content = <InvalidLink />;
  } else if (subscription.status === 'success') {
    content = (
      <Subscription key={`${ref.id}|${ref.uniqueKey}`} subscription={ref} data={subscription.data} welcome={status} />
    );
  } else {
    content = (
      <>
        <header className="vt-page__head">
          <h1>{t('unsubscribe.subscription')}</h1>
        </header>
        {subscription.status === 'error' ? (
          <ErrorState onRetry={subscription.retry} />
        ) : (
          <div className="vt-unsub__card" aria-busy="true">
            <Skeleton lines={5} height={20} />
          </div>
        )}
      </>
    );
  }
  return <div className="vt-page vt-unsub">{content}</div>;
}
