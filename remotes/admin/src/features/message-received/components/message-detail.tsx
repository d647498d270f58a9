import { useId, useState } from 'react';
import { Alert, Button, Input, Skeleton, Space, Tag, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ContainerOutlined from '@ant-design/icons/ContainerOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { AUDIENCE_LIMITS, type MessageReply, type SpamReason } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import type { MessageRef } from '../../../api/messages';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useOpenedMessage } from '../api/open-message';
import { useMessageActions } from '../api/use-message-actions';
import { useDates } from '../../../lib/use-dates';

const DELIVERY_COLORS: Record<string, string> = { queued: 'blue', sent: 'green', failed: 'red', stored: 'default' };

/** A phone number as a tel: link wants it (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

interface MessageDetailProps {
  message: MessageRef;
  /** Back to the list (one-column layout). */
  onBack: () => void;
  /** The message was left (marked unread) or deleted. */
  onClosed: () => void;
}

/** The detail pane: the sender, the message as plain text, the replies and the reply box, and the actions. */
export function MessageDetail({ message, onBack, onClosed }: MessageDetailProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const { fail } = useFeedback();
  const opened = useOpenedMessage(message);
  useReportError(opened.error, fail);
  const actions = useMessageActions(onClosed);

  const back = (
    <Button className="vt-inbox__back" type="text" icon={<ArrowLeftOutlined />} onClick={onBack}>
      {t('common:actions.back')}
    </Button>
  );

  if (opened.isError) {
    return (
      <div className="vt-inbox__message">
        {back}
        <Alert
          type="error"
          showIcon
          title={t('messages.openFailed')}
          data-testid="message-error"
          action={
            <Button size="small" onClick={() => void opened.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!opened.data) {
    return (
      <div className="vt-inbox__message">
        {back}
        <Skeleton active paragraph={{ rows: 8 }} data-testid="message-loading" />
      </div>
    );
  }

  const m = opened.data;
  return (
    <article className="vt-inbox__message" data-testid="message-detail">
      <div className="vt-inbox__toolbar">
        {back}
        <Space wrap size={4}>
          <Button icon={<EyeInvisibleOutlined />} onClick={() => void actions.markUnread(m)}>
            {t('messages.actions.markUnread')}
          </Button>
          {m.archived ? (
            <Button icon={<InboxOutlined />} onClick={() => void actions.unarchive(m)}>
              {t('messages.actions.unarchive')}
            </Button>
          ) : (
            <Button icon={<ContainerOutlined />} onClick={() => void actions.archive(m)}>
              {t('messages.actions.archive')}
            </Button>
          )}
          <Button danger icon={<DeleteOutlined />} onClick={() => void actions.remove(m)}>
            {t('messages.actions.delete')}
          </Button>
        </Space>
      </div>

      {m.suspected ? <Held reason={m.suspected} onNotSpam={() => void actions.notSpam(m)} /> : null}
      <Typography.Title level={4} className="vt-inbox__title">
        {m.subject} {m.archived && <Tag>{t('messages.archived')}</Tag>}
      </Typography.Title>
      <dl className="vt-inbox__sender-card">
        <dt>{t('messages.fields.from')}</dt>
        <dd>{m.name}</dd>
        <dt>{t('messages.fields.email')}</dt>
        <dd>
          <a href={`mailto:${m.email}`}>{m.email}</a>
        </dd>
        <dt>{t('messages.fields.company')}</dt>
        <dd>{m.company}</dd>
        <dt>{t('messages.fields.telephone')}</dt>
        <dd>
          <a href={telHref(m.telephone)}>{m.telephone}</a>
        </dd>
        <dt>{t('messages.fields.receivedAt')}</dt>
        <dd>
          <time dateTime={m.created_at}>{dates.dateTime(m.created_at)}</time>
        </dd>
      </dl>
      <div className="vt-inbox__text" data-testid="message-text">
        {m.message}
      </div>

      <section className="vt-inbox__thread" aria-label={t('messages.replies.title')}>
        <Typography.Title level={5}>{t('messages.replies.title')}</Typography.Title>
        {m.replies.length === 0 ? (
          <Typography.Paragraph type="secondary">{t('messages.replies.none')}</Typography.Paragraph>
        ) : (
          <ol className="vt-inbox__replies" data-testid="message-replies">
            {m.replies.map((reply) => (
              <Reply key={reply.id} reply={reply} />
            ))}
          </ol>
        )}
        <ReplyForm to={m.email} onSend={(body) => actions.reply(m, body)} />
      </section>
    </article>
  );
}

/**
 * A message the public form's spam guard held for review: why, what that meant (nobody was mailed, no lead), and the
 * way out when a person wrote it (docs/decisions/forms-without-js.md).
 */
function Held({ reason, onNotSpam }: { reason: SpamReason; onNotSpam: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Alert
      type="warning"
      showIcon
      className="vt-inbox__held"
      data-testid="message-held"
      title={t('messages.held.title')}
      description={`${t(`messages.held.${reason}`, { seconds: AUDIENCE_LIMITS.minFillMs / 1000 })} ${t('messages.held.text')}`}
      action={
        <Button size="small" onClick={onNotSpam}>
          {t('messages.held.action')}
        </Button>
      }
    />
  );
}

function Reply({ reply }: { reply: MessageReply }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  return (
    <li className="vt-inbox__reply">
      <div className="vt-inbox__reply-head">
        <strong>{reply.author?.name ?? t('messages.replies.removedAuthor')}</strong>
        <time dateTime={reply.created_at}>{dates.dateTime(reply.created_at)}</time>
        <Tag color={DELIVERY_COLORS[reply.delivery] ?? 'default'}>{t(`messages.delivery.${reply.delivery}`, { defaultValue: reply.delivery })}</Tag>
      </div>
      <div className="vt-inbox__text">{reply.body}</div>
    </li>
  );
}

/** The reply box: Send (or Ctrl/⌘+Enter) posts it; the text stays if sending fails. */
function ReplyForm({ to, onSend }: { to: string; onSend: (body: string) => Promise<boolean> }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const text = body.trim();

  const send = async () => {
    if (!text || sending) return;
    setSending(true);
    const sent = await onSend(text);
    setSending(false);
    if (sent) setBody('');
  };

  return (
    <form
      className="vt-inbox__reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id}>{t('messages.reply.label', { email: to })}</label>
      <Input.TextArea
        id={id}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        placeholder={t('messages.reply.placeholder')}
        autoSize={{ minRows: 3, maxRows: 12 }}
        maxLength={AUDIENCE_LIMITS.reply}
        showCount
      />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} disabled={!text}>
        {t('common:actions.send')}
      </Button>
    </form>
  );
}
