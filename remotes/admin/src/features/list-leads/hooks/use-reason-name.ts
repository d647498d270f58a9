import { useCallback } from 'react';
import { UNSUBSCRIBE_REASONS } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';

/** The reasons the screens name: the unsubscribe page's choices and a mail client's one-click unsubscribe. */
const KNOWN: readonly string[] = [...UNSUBSCRIBE_REASONS, 'one-click'];

/** An unsubscribe reason in the reader's language; an unknown one as the API recorded it, a missing one as "not given". */
export function useReasonName() {
  const { t } = useTranslation('admin');
  return useCallback(
    (reason: string | null) => (reason === null || reason === '' ? t('newsletter.reasons.names.unknown') : KNOWN.includes(reason) ? t(`newsletter.reasons.names.${reason}`) : reason),
    [t],
  );
}
