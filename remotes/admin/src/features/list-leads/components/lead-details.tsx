import { Typography } from 'antd';
import type { Lead } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useReasonName } from '../hooks/use-reason-name';
import { bounceOf } from './lead-cells';
import { useDates } from '../../../lib/use-dates';

/** A phone number as a tel: link wants it (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A row opened: what the person wrote and what the list leaves out. */
export function LeadDetails({ lead }: { lead: Lead }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const reasonName = useReasonName();
  const none = <Typography.Text type="secondary">{t('leads.none')}</Typography.Text>;

  return (
    <dl className="vt-leads__details" data-testid={`lead-details-${lead.id}`}>
      <dt>{t('leads.fields.subject')}</dt>
      <dd>{lead.subject || none}</dd>
      <dt>{t('leads.fields.message')}</dt>
      <dd className="vt-leads__message">{lead.message || none}</dd>
      <dt>{t('leads.fields.telephone')}</dt>
      <dd>{lead.telephone ? <a href={telHref(lead.telephone)}>{lead.telephone}</a> : none}</dd>
      <dt>{t('leads.fields.unsubscribeReason')}</dt>
      <dd>{lead.newsletter_status === 'cancelled' || lead.unsubscribe_reason ? reasonName(lead.unsubscribe_reason) : none}</dd>
      {bounceOf(lead) && (
        <>
          <dt>{t('leads.fields.bounce')}</dt>
          <dd>
            {t('leads.bounce.since', { date: dates.dateTime(bounceOf(lead)?.at) })}
            <code className="vt-newsletter__smtp vt-leads__bounce">{bounceOf(lead)?.reason ?? '—'}</code>
          </dd>
        </>
      )}
      {lead.converted_at && (
        <>
          <dt>{t('leads.fields.convertedAt')}</dt>
          <dd>{dates.date(lead.converted_at)}</dd>
        </>
      )}
      <dt>{t('leads.fields.updatedAt')}</dt>
      <dd>{dates.dateTime(lead.updated_at)}</dd>
    </dl>
  );
}
