import { Badge } from 'antd';
import { useTranslation } from '@vitrine/core';
import { useUnreadCount } from '../api/get-message-counts';

/**
 * The unread count next to the inbox's menu entry (the shell draws it through `badges` in pages.ts).
 * Nothing while loading, on an error, or at 0. Shares the inbox's cached counters.
 */
export function UnreadBadge() {
  const { t } = useTranslation('admin');
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  if (count === 0) return null;
  const label = t('messages.unreadCount', { count });
  return (
    <span data-testid="unread-badge">
      <Badge count={count} overflowCount={99} size="small" title={label} aria-hidden="true" />
      <span className="vt-visually-hidden">{label}</span>
    </span>
  );
}
