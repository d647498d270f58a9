import type { Ref } from 'react';
import { useTranslation } from '@vitrine/core';
import './form.css';

/**
 * The `website` field of the public forms: a trap people never see nor reach (bots fill it in, and the
 * API drops what they send). Uncontrolled: the form reads it through `ref` when it sends.
 */
export function TrapField({ id, ref }: { id: string; ref: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('public');
  return (
    <div className="vt-trap" aria-hidden="true">
      <label htmlFor={id}>{t('form.trap')}</label>
      <input ref={ref} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
