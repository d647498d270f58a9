import { useId } from 'react';
import { LOCALES, type Locale } from '@vitrine/i18n';
import { useText } from './use-text';

export interface LanguageSwitcherProps {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** Label (visually hidden unless `showLabel`); defaults to the translated 'Language'. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

/** A native select of the five locales, each named in its own language. */
export function LanguageSwitcher({ value, onChange, label, showLabel = false, className }: LanguageSwitcherProps) {
  const id = useId();
  const text = useText();
  return (
    <span className={['vt-lang', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={showLabel ? 'vt-lang__label' : 'vt-visually-hidden'}>
        {label ?? text('common:language.label', 'Language')}
      </label>
      <select
        id={id}
        className="vt-input vt-lang__select"
        value={value}
        onChange={(event) => {
          const next = LOCALES.find((locale) => locale.code === event.target.value);
          if (next) onChange(next.code);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.nativeName}
          </option>
        ))}
      </select>
    </span>
  );
}
