import { useEffect, useState } from 'react';

import { usePageTexts } from '../../texts';

/** From this hour of the visitor's day a message is a late one; it is still answered by the next day. */
const LATE_HOUR = 21;

/**
 * The reply promise (an answer by the next day at the latest, late messages too), said with the visitor's
 * own clock. The server does not know that clock, so its HTML (and the hydration that must match it) has
 * the neutral line; the local time replaces it once the page runs in the browser. `at` is a moment already
 * known in the browser (a message's sending).
 */
export function ReplyPromise({ at, className }: { at?: Date; className?: string }) {
  const { t, i18n } = usePageTexts();
  const [mounted, setMounted] = useState<Date | null>(null);
  useEffect(() => setMounted(new Date()), []);
  const now = at ?? mounted;
  if (!now) return <p className={className}>{t('contact.reply.neutral')}</p>;
  const time = new Intl.DateTimeFormat(i18n.language || 'pt-BR', { hour: 'numeric', minute: '2-digit' }).format(now);
  return <p className={className}>{t(now.getHours() >= LATE_HOUR ? 'contact.reply.night' : 'contact.reply.day', { time })}</p>;
}
