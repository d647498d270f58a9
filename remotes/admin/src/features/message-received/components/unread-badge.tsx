import { useTranslation } from '@vitrine/core';
import { useUnreadCount } from '../api/get-message-counts';

/**
 * The unread count next to the inbox's menu entry (the admin chrome draws it, layout/badges.ts).
 * A plain pill (no antd: the menu loads with every screen). Nothing while loading, on an error, or at 0. Shares the inbox's cached counters.
 */
export function UnreadBadge() {
  const { t } = useTranslation('admin');
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  if (count === 0) return null;
  const label = t('messages.unreadCount', { count });
  return (
    <span data-testid="unread-badge">
      <span className="vt-unread-badge" title={label} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="vt-visually-hidden">{label}</span>
    </span>
  );
}
