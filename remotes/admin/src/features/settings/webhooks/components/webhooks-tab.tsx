import { useState } from 'react';
import { Alert, Button, Empty, Skeleton, Switch, Tag, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useDates } from '../../../../lib/use-dates';
import { useFeedback, useReportError } from '../../../../lib/use-feedback';
import { useWebhookActions, useWebhookEndpoints } from '../hooks/use-webhooks';
import { eventTextKey } from '../webhooks-view';
import { DeliveriesDrawer } from './deliveries-drawer';
import { EndpointFormModal } from './endpoint-form-modal';
import { SecretDialog } from './secret-dialog';
import './webhooks-tab.css';
import { LoadFailed } from '../../../../components/load-failed';

type Actions = ReturnType<typeof useWebhookActions>;

/**
 * Where an endpoint stands: on; on but failing since a date (the server disables it after a day of that); off by
 * the staff; or off by the server because every delivery failed for a day, said plainly with "Enable again".
 */
function EndpointState({ endpoint, busy, onEnable }: { endpoint: WebhookEndpoint; busy: boolean; onEnable: () => void }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const since = endpoint.failing_since ? dates.dateTime(endpoint.failing_since) : '';
  if (!endpoint.enabled && endpoint.disabled_reason === 'failing') {
    return (
      <Alert
        type="error"
        showIcon
        className="vt-webhooks__state-alert"
        data-testid="webhook-state"
        title={t('webhooks.state.disabledFailing')}
        description={endpoint.failing_since ? t('webhooks.state.disabledFailingSince', { date: since }) : t('webhooks.state.disabledFailingText')}
        action={
          <Button size="small" type="primary" loading={busy} onClick={onEnable}>
            {t('webhooks.state.enableAgain')}
          </Button>
        }
      />
    );
  }
  if (!endpoint.enabled) {
    return (
      <Tag data-testid="webhook-state" className="vt-webhooks__tag">
        {t('webhooks.state.disabled')}
      </Tag>
    );
  }
  if (endpoint.failing_since) {
    return (
      <span className="vt-webhooks__state-line" data-testid="webhook-state">
        <Tag color="orange" className="vt-webhooks__tag">
          {t('webhooks.state.failing')}
        </Tag>
        <Typography.Text type="secondary">{t('webhooks.state.failingSince', { date: since })}</Typography.Text>
      </span>
    );
  }
  return (
    <Tag color="green" data-testid="webhook-state" className="vt-webhooks__tag">
      {t('webhooks.state.enabled')}
    </Tag>
  );
}

interface RowProps {
  endpoint: WebhookEndpoint;
  actions: Actions;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onSecret: (shown: WebhookEndpointWithSecret) => void;
}

/** One endpoint: its URL, description, events and state; the on/off switch and the actions, which wrap on a phone. */
function EndpointRow({ endpoint, actions, onEdit, onDeliveries, onSecret }: RowProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const [busy, setBusy] = useState<'enabled' | 'test' | 'rotate' | 'delete' | null>(null);
  const name = `webhook-url-${endpoint.id}`;

  const run = async (what: NonNullable<typeof busy>, action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const enable = (enabled: boolean) => void run('enabled', () => actions.setEnabled(endpoint, enabled));
  const rotate = () =>
    void run('rotate', async () => {
      const rotated = await actions.rotate(endpoint);
      if (rotated) onSecret(rotated);
    });

  return (
    <li className={`vt-webhooks__endpoint${endpoint.enabled ? '' : ' vt-webhooks__endpoint--off'}`} data-testid="webhook-endpoint" aria-labelledby={name}>
      <div className="vt-webhooks__text">
        <strong id={name} className="vt-webhooks__url">
          {endpoint.url}
        </strong>
        {endpoint.description && <p className="vt-webhooks__description">{endpoint.description}</p>}
        <ul className="vt-webhooks__chips" aria-label={t('webhooks.form.events')}>
          {endpoint.events.map((event) => (
            <li key={event}>
              <Tag className="vt-webhooks__tag" title={event}>
                {t(`webhooks.events.${eventTextKey(event)}.label`)}
              </Tag>
            </li>
          ))}
        </ul>
        <EndpointState endpoint={endpoint} busy={busy === 'enabled'} onEnable={() => enable(true)} />
        {endpoint.previous_secret_until && (
          <Typography.Text type="secondary" className="vt-webhooks__note" data-testid="webhook-rotation-note">
            {t('webhooks.state.rotation', { date: dates.dateTime(endpoint.previous_secret_until) })}
          </Typography.Text>
        )}
      </div>
      <Switch
        className="vt-webhooks__switch"
        checked={endpoint.enabled}
        loading={busy === 'enabled'}
        checkedChildren={t('webhooks.on')}
        unCheckedChildren={t('webhooks.off')}
        aria-label={t('webhooks.enabledLabel')}
        aria-describedby={name}
        onChange={(checked) => enable(checked)}
      />
      <div className="vt-webhooks__actions">
        <Button icon={<SendOutlined />} loading={busy === 'test'} aria-describedby={name} onClick={() => void run('test', () => actions.test(endpoint))}>
          {t('webhooks.actions.test')}
        </Button>
        <Button icon={<HistoryOutlined />} aria-describedby={name} onClick={() => onDeliveries(endpoint)}>
          {t('webhooks.actions.deliveries')}
        </Button>
        <Button icon={<EditOutlined />} aria-describedby={name} onClick={() => onEdit(endpoint)}>
          {t('common:actions.edit')}
        </Button>
        <Button icon={<KeyOutlined />} loading={busy === 'rotate'} aria-describedby={name} onClick={rotate}>
          {t('webhooks.actions.rotate')}
        </Button>
        <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} aria-describedby={name} onClick={() => void run('delete', () => actions.remove(endpoint))}>
          {t('common:actions.delete')}
        </Button>
      </div>
    </li>
  );
}

/**
 * settings, tab "webhooks" (the settings access): the endpoints the site's events are sent to, signed (Standard
 * Webhooks). Add, edit, switch on and off, send a test event, rotate the secret, delete; each endpoint's latest
 * deliveries with "Send again". A secret is shown once, when the endpoint is added or the secret rotated. The
 * mail that says the server disabled a failing endpoint links here (`?tab=webhooks`).
 */
export function WebhooksTab() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const endpoints = useWebhookEndpoints();
  useReportError(endpoints.error, fail);
  const actions = useWebhookActions();
  const [form, setForm] = useState<{ open: boolean; endpoint: WebhookEndpoint | null }>({ open: false, endpoint: null });
  const [secret, setSecret] = useState<{ shown: WebhookEndpointWithSecret; rotated: boolean } | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<number | null>(null);

  const list = endpoints.data ?? [];
  const openForm = (endpoint: WebhookEndpoint | null) => setForm({ open: true, endpoint });
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
      {t('webhooks.new')}
    </Button>
  );

  let content;
  if (endpoints.isError && !endpoints.data) {
    content = (
      <LoadFailed title={t('webhooks.loadFailed')} onRetry={endpoints.refetch} data-testid="webhooks-error" />
    );
  } else if (!endpoints.data) {
    content = (
      <div role="status" aria-busy="true" aria-label={t('common:loading.label')} data-testid="webhooks-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (list.length === 0) {
    content = (
      <Empty
        className="vt-webhooks__empty"
        data-testid="webhooks-empty"
        description={
          <>
            <Typography.Paragraph strong>{t('webhooks.empty.title')}</Typography.Paragraph>
            <Typography.Paragraph type="secondary" className="vt-webhooks__empty-text">
              {t('webhooks.empty.text')}
            </Typography.Paragraph>
          </>
        }
      >
        {create}
      </Empty>
    );
  } else {
    content = (
      <ul className="vt-webhooks__endpoints" data-testid="webhook-endpoints">
        {list.map((endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            actions={actions}
            onEdit={openForm}
            onDeliveries={(e) => setDeliveriesOf(e.id)}
            onSecret={(shown) => setSecret({ shown, rotated: true })}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="vt-webhooks" data-testid="webhooks-tab" aria-labelledby="webhooks-title">
      <div className="vt-webhooks__head">
        <Typography.Title level={4} id="webhooks-title" className="vt-webhooks__heading">
          {t('webhooks.title')}
        </Typography.Title>
        {list.length > 0 && create}
      </div>
      <Typography.Paragraph type="secondary" className="vt-webhooks__intro">
        {t('webhooks.text')}
      </Typography.Paragraph>
      {content}
      <EndpointFormModal
        open={form.open}
        endpoint={form.endpoint}
        save={actions.save}
        onClose={() => setForm((state) => ({ ...state, open: false }))}
        onCreated={(shown) => setSecret({ shown, rotated: false })}
      />
      <SecretDialog shown={secret?.shown ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
      <DeliveriesDrawer endpoint={list.find((e) => e.id === deliveriesOf) ?? null} retry={actions.retry} onClose={() => setDeliveriesOf(null)} />
    </section>
  );
}
