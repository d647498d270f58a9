import { createStore, useStore } from './store';
import { timings } from './theme';
import { useText } from './use-text';

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotificationItem {
  id: number;
  type: NotificationType;
  text: string;
}

export interface NotifyOptions {
  /** Milliseconds before it closes by itself (default 5000; 0 keeps it until closed). */
  timeout?: number;
}

const items = createStore<readonly NotificationItem[]>([]);
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

function push(type: NotificationType, text: string, options: NotifyOptions = {}): number {
  const id = nextId++;
  items.set((list) => [...list, { id, type, text }]);
  const timeout = options.timeout ?? timings.notificationTimeout;
  if (timeout > 0) timers.set(id, setTimeout(() => notify.dismiss(id), timeout));
  return id;
}

/** Toast notifications; each call returns the id for dismiss(). Rendered by <Notifications/>. */
export const notify = {
  success: (text: string, options?: NotifyOptions) => push('success', text, options),
  error: (text: string, options?: NotifyOptions) => push('error', text, options),
  warning: (text: string, options?: NotifyOptions) => push('warning', text, options),
  info: (text: string, options?: NotifyOptions) => push('info', text, options),
  dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    items.set((list) => list.filter((item) => item.id !== id));
  },
  clear(): void {
    timers.forEach(clearTimeout);
    timers.clear();
    items.set([]);
  },
};

const ICONS: Record<NotificationType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

export interface NotificationsProps {
  /** Close button's accessible name; defaults to the translated 'Close notification'. */
  closeLabel?: string;
}

/** The live region that shows notifications. Mount once (the shell does). */
export function Notifications({ closeLabel }: NotificationsProps) {
  const list = useStore(items);
  const text = useText();
  const close = closeLabel ?? text('common:notifications.close', 'Close notification');
  return (
    <div className="vt-notifications" aria-live="polite" aria-label={text('common:notifications.region', 'Notifications')} role="region">
      {list.map((item) => (
        <div key={item.id} className={`vt-notification vt-notification--${item.type}`} data-testid="notification">
          <span className="vt-notification__icon" aria-hidden="true">
            {ICONS[item.type]}
          </span>
          <p className="vt-notification__text">{item.text}</p>
          <button type="button" className="vt-notification__close" aria-label={close} onClick={() => notify.dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
