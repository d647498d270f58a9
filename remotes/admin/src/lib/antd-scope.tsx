import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import ptBR from 'antd/locale/pt_BR';
import 'dayjs/locale/pt-br';
import { type Locale, useTranslation } from '@vitrine/core';
import { themeTokens } from '@vitrine/ui';

/**
 * antd component tokens of the back office: a switch that is off is a grey its words read against at 4.8:1,
 * not antd's translucent black (2.6:1).
 */
const componentTokens = { Switch: { colorTextQuaternary: '#6b7280', colorTextTertiary: '#4b5563' } };

/**
 * antd's own texts (pagination, date pickers, empty tables) in the interface language: pt-BR and en-US ship
 * with the chrome; Spanish and French are fetched when chosen, and Haitian Creole, which antd lacks, reads the
 * French ones (the language its speakers also read). The date pickers' month and weekday names are dayjs'
 * locale that antd's names (pt_BR → pt-br, es_ES → es, fr_FR → fr; en is dayjs' own): it comes with antd's.
 */
const french = () => Promise.all([import('antd/locale/fr_FR'), import('dayjs/locale/fr')]).then(([m]) => m.default);
const ANTD_LOCALES: Partial<Record<Locale, () => Promise<AntdLocale>>> = {
  'es-ES': () => Promise.all([import('antd/locale/es_ES'), import('dayjs/locale/es')]).then(([m]) => m.default),
  'fr-FR': french,
  'ht-HT': french,
};

function useAntdLocale(language: string): AntdLocale {
  const [fetched, setFetched] = useState<{ language: string; locale: AntdLocale } | undefined>();
  useEffect(() => {
    const load = ANTD_LOCALES[language as Locale];
    if (!load) return undefined;
    let live = true;
    load().then(
      (locale) => live && setFetched({ language, locale }),
      () => undefined, // English texts stay
    );
    return () => {
      live = false;
    };
  }, [language]);
  if (language === 'pt-BR') return ptBR;
  return fetched?.language === language ? fetched.locale : enUS;
}

/**
 * The back office's antd configuration (theme, antd's texts in the interface language, the App context for
 * messages and modals) around a screen built on antd; lib/lazy-part.tsx fetches it with such a screen only.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider locale={locale} theme={{ token: themeTokens, components: componentTokens, algorithm: antdTheme.defaultAlgorithm }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
