import { useState } from 'react';
import { Button, Drawer, Empty, Skeleton, Tag, Typography } from 'antd';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { WebhookDelivery, WebhookEndpoint } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { useDates } from '../../../../lib/use-dates';
import { reasonText, useWebhookDeliveries } from '../hooks/use-webhooks';
import { eventTextKey, outcomeOf, RESPONSE_PREVIEW } from '../webhooks-view';
import { LoadFailed } from '../../../../components/load-failed';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = { pending: 'blue', delivered: 'green', failed: 'red' };

interface Props {
  /** The endpoint whose deliveries are shown; none: closed. */
  endpoint: WebhookEndpoint | null;
  retry: (endpoint: WebhookEndpoint, delivery: WebhookDelivery) => Promise<WebhookDelivery | null>;
  onClose: () => void;
}

/** The receiver's first bytes (or why none came), monospace; a long one is cut, with a button that shows it all. */
function ResponseText({ text, id }: { text: string; id: string }) {
  const { t } = useTranslation('admin');
  const [whole, setWhole] = useState(false);
  const long = text.length > RESPONSE_PREVIEW;
  return (
    <div className="vt-webhooks__response">
      <pre id={id} className="vt-webhooks__pre" data-testid="delivery-response">
        {long && !whole ? `${text.slice(0, RESPONSE_PREVIEW)}…` : text}
      </pre>
      {long && (
        <Button type="link" size="small" aria-expanded={whole} aria-controls={id} onClick={() => setWhole(!whole)} className="vt-webhooks__more">
          {whole ? t('webhooks.deliveries.showLess') : t('webhooks.deliveries.showAll')}
        </Button>
      )}
    </div>
  );
}

/** One delivery: its event and state, the attempts, the last answer and when, the next try while pending; "Send again". */
function DeliveryItem({ endpoint, delivery, retry }: { endpoint: WebhookEndpoint; delivery: WebhookDelivery; retry: Props['retry'] }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const [busy, setBusy] = useState(false);
  const key = eventTextKey(delivery.event);
  const outcome = outcomeOf(delivery);
  const heading = `webhook-delivery-${delivery.id}`;

  const again = async () => {
    setBusy(true);
    await retry(endpoint, delivery);
    setBusy(false);
  };

  let answer: string;
  if (delivery.attempts === 0) answer = t('webhooks.deliveries.notTried');
  else if (outcome.kind === 'delivered' || outcome.kind === 'answered') answer = t('webhooks.deliveries.code', { code: outcome.code });
  else answer = t('webhooks.deliveries.noAnswer', { reason: reasonText(outcome, t as Translate) });

  return (
    <li className="vt-webhooks__delivery" data-testid="webhook-delivery" aria-labelledby={heading}>
      <div className="vt-webhooks__delivery-head">
        <span id={heading} className="vt-webhooks__delivery-event">
          <strong>{key ? t(`webhooks.events.${key}.label`) : delivery.event}</strong> <code className="vt-webhooks__code">{delivery.event}</code>
        </span>
        <Tag color={STATUS_COLOR[delivery.status]} data-testid="delivery-status">
          {t(`webhooks.deliveries.statuses.${delivery.status}`)}
        </Tag>
      </div>
      <dl className="vt-webhooks__facts">
        <dt>{t('webhooks.deliveries.attempts')}</dt>
        <dd data-testid="delivery-attempts">{delivery.attempts}</dd>
        <dt>{t('webhooks.deliveries.lastAnswer')}</dt>
        <dd data-testid="delivery-answer">{answer}</dd>
        {delivery.last_attempt_at && (
          <>
            <dt>{t('webhooks.deliveries.lastAttempt')}</dt>
            <dd>
              <time dateTime={delivery.last_attempt_at}>{dates.dateTime(delivery.last_attempt_at)}</time>
            </dd>
          </>
        )}
        {delivery.status === 'pending' && delivery.next_attempt_at && (
          <>
            <dt>{t('webhooks.deliveries.nextAttempt')}</dt>
            <dd>
              <time dateTime={delivery.next_attempt_at}>{dates.dateTime(delivery.next_attempt_at)}</time>
            </dd>
          </>
        )}
        {delivery.delivered_at && (
          <>
            <dt>{t('webhooks.deliveries.deliveredAt')}</dt>
            <dd>
              <time dateTime={delivery.delivered_at}>{dates.dateTime(delivery.delivered_at)}</time>
            </dd>
          </>
        )}
      </dl>
      {delivery.response && (
        <>
          <span className="vt-webhooks__label">{outcome.kind === 'delivered' || outcome.kind === 'answered' ? t('webhooks.deliveries.response') : t('webhooks.deliveries.detail')}</span>
          <ResponseText text={delivery.response} id={`webhook-response-${delivery.id}`} />
        </>
      )}
      <Button size="small" icon={<RedoOutlined />} loading={busy} onClick={() => void again()} aria-describedby={heading} className="vt-webhooks__again">
        {t('webhooks.deliveries.again')}
      </Button>
    </li>
  );
}

/** An endpoint's 50 latest deliveries, newest first, each with "Send again"; asked again each time it opens. */
export function DeliveriesDrawer({ endpoint, retry, onClose }: Props) {
  const { t } = useTranslation('admin');
  const deliveries = useWebhookDeliveries(endpoint);

  let body;
  if (deliveries.isError && !deliveries.data) {
    body = (
      <LoadFailed title={t('webhooks.deliveries.loadFailed')} onRetry={deliveries.refetch} />
    );
  } else if (!deliveries.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (deliveries.data.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhooks.deliveries.empty')} data-testid="webhook-deliveries-empty" />;
  } else {
    body = (
      <ul className="vt-webhooks__deliveries" data-testid="webhook-deliveries">
        {deliveries.data.map((delivery) => endpoint && <DeliveryItem key={delivery.id} endpoint={endpoint} delivery={delivery} retry={retry} />)}
      </ul>
    );
  }

  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      title={t('webhooks.deliveries.title')}
      size="min(600px, 100vw)"
      destroyOnHidden
      data-testid="webhook-deliveries-drawer"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void deliveries.refetch()} loading={deliveries.isFetching}>
          {t('common:actions.refresh')}
        </Button>
      }
    >
      {endpoint && (
        <Typography.Paragraph type="secondary" className="vt-webhooks__drawer-url">
          {t('webhooks.deliveries.text', { url: endpoint.url })}
        </Typography.Paragraph>
      )}
      {body}
    </Drawer>
  );
}
