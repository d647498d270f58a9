import { useTranslation } from '@vitrine/core';

/**
 * A translated default text: the key from the app's i18next instance when it
 * has it, otherwise the given fallback (so a widget still reads well in a
 * standalone remote or a test without i18n).
 */
export function useText(): (key: string, fallback: string) => string {
  const { t, i18n } = useTranslation();
  return (key, fallback) => (typeof i18n?.exists === 'function' && i18n.exists(key) ? t(key) : fallback);
}
