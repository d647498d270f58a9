import { DATE_LOCALE, formatTime, intlLocale } from '@vitrine/utils';
import { usePageTexts } from '../../texts';

/** From this hour of the visitor's day a message is a late one; it is still answered by the next day. */
const LATE_HOUR = 21;

/**
 * The reply promise: an answer by the next day at the latest, late messages too. Said with the visitor's own clock
 * once a message was sent from this browser (`at`, its sending); before that, and in the server's HTML, the neutral
 * line. The page's header keeps the neutral one: the server does not know the visitor's clock, and swapping in a
 * longer line when the code starts would move the form under a visitor already scrolling or typing.
 */
export function ReplyPromise({ at, className }: { at?: Date; className?: string }) {
  const { t, i18n } = usePageTexts();
  if (!at) return <p className={className}>{t('contact.reply.neutral')}</p>;
  // The language's own clock, by the rule the admin writes times with (ht-HT as Haiti writes them: 13:05, not 1:05 PM).
  const time = formatTime(at, intlLocale(i18n.language || DATE_LOCALE));
  return <p className={className}>{t(at.getHours() >= LATE_HOUR ? 'contact.reply.night' : 'contact.reply.day', { time })}</p>;
}
