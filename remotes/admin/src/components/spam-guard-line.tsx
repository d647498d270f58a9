import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { SPAM_REASONS, type GuardedForm } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { spamGuardCounts } from '../api/messages';
import { queryKeys } from '../lib/queries';

/** What the spam guard doubted lately (GET /message/spam-guard): the inbox's and the leads screen's one line. */
export function useSpamGuard() {
  return useQuery({ queryKey: queryKeys.messages.spamGuard, queryFn: spamGuardCounts });
}

/**
 * One line saying what the public forms' spam guard doubted in its last days (docs/decisions/forms-without-js.md):
 * for the contact form, the messages it held for review (the inbox's "Suspected" filter); for the newsletter, the
 * sign-ups it doubted, which were mailed their confirmation link like any. Per reason. Nothing while it loads or
 * when it cannot be read: it is a figure beside the screen's work, not part of it.
 */
export function SpamGuardLine({ form }: { form: GuardedForm }) {
  const { t } = useTranslation('admin');
  const counts = useSpamGuard();
  if (!counts.data) return null;
  const rows = counts.data.counts.filter((row) => row.form === form);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const reasons = SPAM_REASONS.map((reason) => ({ reason, count: rows.find((row) => row.reason === reason)?.count ?? 0 })).filter((row) => row.count > 0);
  const what =
    total === 0
      ? t(form === 'contact' ? 'messages.spamGuard.noneContact' : 'messages.spamGuard.noneNewsletter')
      : `${t(`messages.spamGuard.${form}`, { count: total })} (${reasons.map((row) => t(`messages.spamGuard.reasons.${row.reason}`, { count: row.count })).join(' · ')})`;
  return (
    <Typography.Paragraph type="secondary" className="vt-spam-guard" data-testid={`spam-guard-${form}`}>
      {t('messages.spamGuard.label', { days: counts.data.days })} {what}
    </Typography.Paragraph>
  );
}
