import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Select, Tag, Tooltip, Typography } from 'antd';
import type { MenuProps } from 'antd';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { LEAD_CLASSIFICATIONS, type Lead, type LeadClassification, type LeadStatus, type LeadStatusAction, type LeadWithBounce } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import type { useLeadActions } from '../api/use-lead-actions';
import { useDates } from '../../../lib/use-dates';

type LeadActions = ReturnType<typeof useLeadActions>;

/** Where a lead stands with the newsletter: subscribed, cancelled, pending (the confirmation link not opened yet), or nothing. */
export function newsletterState(lead: Lead): 'active' | 'cancelled' | 'pending' | null {
  if (lead.newsletter_status === 'cancelled') return 'cancelled';
  if (lead.newsletter_status === 'active') return lead.confirmed ? 'active' : 'pending';
  return lead.module === 'newsletter' && !lead.confirmed ? 'pending' : null;
}

const STATUS_COLORS: Record<LeadStatus, string | undefined> = { active: 'green', blackListed: 'red', inactive: undefined, cancelled: undefined, deleted: undefined };
const MUTED: readonly LeadStatus[] = ['inactive', 'cancelled', 'deleted'];

export function StatusTag({ status }: { status: LeadStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={STATUS_COLORS[status]} className={MUTED.includes(status) ? 'vt-leads__tag--muted' : undefined}>
      {t(`leads.statuses.${status}`)}
    </Tag>
  );
}

export function NewsletterTag({ lead }: { lead: Lead }) {
  const { t } = useTranslation('admin');
  const state = newsletterState(lead);
  if (state === null) return <Typography.Text type="secondary">—</Typography.Text>;
  if (state === 'pending') {
    return (
      <Tooltip title={t('leads.pendingHint')}>
        <Tag color="gold">{t('leads.newsletterStates.pending')}</Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color={state === 'active' ? 'purple' : undefined} className={state === 'cancelled' ? 'vt-leads__tag--muted' : undefined}>
      {t(`leads.newsletterStates.${state}`)}
    </Tag>
  );
}

/** The lead's address bounce, when the API sends it (an older API does not): when a mail to it was refused for good and the server's answer. */
export function bounceOf(lead: Lead): { at: string; reason: string | null } | null {
  const { bounced_at, bounce_reason } = lead as Lead & Partial<Pick<LeadWithBounce, 'bounced_at' | 'bounce_reason'>>;
  return bounced_at ? { at: bounced_at, reason: bounce_reason ?? null } : null;
}

/** "Bounced" (red) when a mail to the address was refused for good; its date and the server's answer on hover or focus. */
export function BounceTag({ lead }: { lead: Lead }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const bounce = bounceOf(lead);
  if (!bounce) return null;
  return (
    <Tooltip title={t('leads.bounce.hint', { date: dates.dateTime(bounce.at), reason: bounce.reason ?? '—' })}>
      <Tag color="red" tabIndex={0} data-testid={`bounced-${lead.id}`}>
        {t('leads.bounce.tag')}
      </Tag>
    </Tooltip>
  );
}

/** Customer (converted, with the date) or lead; nothing for a plain contact. */
export function LeadMark({ lead }: { lead: Lead }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  if (lead.converted_at) {
    return (
      <Tooltip title={t('leads.mark.customerSince', { date: dates.date(lead.converted_at) })}>
        <Tag color="green">{t('leads.mark.customer')}</Tag>
      </Tooltip>
    );
  }
  if (lead.is_lead) return <Tag color="blue">{t('leads.mark.lead')}</Tag>;
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/** The classification, changed in place: saved at once, the choice shown while it saves, back to the old one if it fails. */
export function ClassificationSelect({ lead, actions }: { lead: Lead; actions: LeadActions }) {
  const { t } = useTranslation('admin');
  const [saving, setSaving] = useState<LeadClassification | null>(null);
  return (
    <Select<LeadClassification>
      className="vt-leads__classification"
      size="small"
      aria-label={t('leads.classificationOf', { name: lead.name || lead.email })}
      value={saving ?? lead.classification}
      loading={saving !== null}
      disabled={saving !== null}
      popupMatchSelectWidth={false}
      onChange={async (classification) => {
        setSaving(classification);
        await actions.classify(lead, classification);
        setSaving(null);
      }}
      options={LEAD_CLASSIFICATIONS.map((value) => ({ value, label: t(`leads.classifications.${value}`) }))}
    />
  );
}

/** The row's menu: the status actions that apply (each confirmed), the lead mark and the conversion. */
export function LeadRowActions({ lead, actions }: { lead: Lead; actions: LeadActions }) {
  const { t } = useTranslation('admin');
  const status = (key: LeadStatusAction, label: string, icon: ReactNode, danger = false) => ({ key, label, icon, danger });
  const items: MenuProps['items'] = [
    lead.status !== 'active' && status('active', t('leads.actions.activate'), <CheckCircleOutlined />),
    lead.status === 'active' && status('inactive', t('leads.actions.pause'), <PauseCircleOutlined />),
    lead.status !== 'blackListed' && status('blackListed', t('leads.actions.blacklist'), <StopOutlined />, true),
    lead.status !== 'deleted' && status('deleted', t('leads.actions.delete'), <DeleteOutlined />, true),
    { type: 'divider' as const },
    { key: 'mark', label: lead.is_lead ? t('leads.actions.unmarkLead') : t('leads.actions.markLead'), icon: <StarOutlined /> },
    !lead.converted_at && { key: 'convert', label: t('leads.actions.convert'), icon: <TrophyOutlined /> },
    bounceOf(lead) !== null && { key: 'clearBounce', label: t('leads.actions.clearBounce'), icon: <MailOutlined /> },
  ].filter((item) => item !== false);

  const run = (key: string) => {
    if (key === 'mark') void actions.mark(lead, !lead.is_lead);
    else if (key === 'clearBounce') void actions.clearBounce(lead);
    else if (key === 'convert') void actions.convert(lead);
    else void actions.setStatus(lead, key as LeadStatusAction);
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => run(key) }}>
      <Button type="text" icon={<MoreOutlined />} aria-label={t('leads.actions.menu', { name: lead.name || lead.email })} />
    </Dropdown>
  );
}
