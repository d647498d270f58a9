import { useId, type FormEvent } from 'react';
import { SEARCH_TERM } from '@vitrine/contracts';
import { searchPath } from '../lib/paths';
import './search-box.css';
import { useNavigate, useTranslation } from '@vitrine/core';

export interface SearchBoxProps {
  initial?: string;
  /** 'hero' sits on the dark gradient of the home. */
  tone?: 'hero' | 'plain';
}

/**
 * A search form: submitting goes to /list-article-results/<term>. The field is the browser's (uncontrolled): what
 * was typed before the page's code ran stays, with nothing to hand over, and the term is read when it is sent.
 */
export function SearchBox({ initial = '', tone = 'plain' }: SearchBoxProps) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('public');
  const navigate = useNavigate();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get(SEARCH_TERM) ?? '');
    if (term.trim()) void navigate(searchPath(term));
  };

  return (
    // A plain GET form: before the page's code runs (or without it) the server sends the term to its results.
    <form className={`vt-search vt-search--${tone}`} role="search" method="get" action={searchPath('')} onSubmit={submit}>
      <label htmlFor={id} className="vt-visually-hidden">
        {tp('home.searchLabel')}
      </label>
      <input
        id={id}
        className="vt-input"
        type="search"
        name={SEARCH_TERM}
        // A new term from the address (another results page) is a new field.
        key={initial}
        defaultValue={initial}
        maxLength={200}
        placeholder={tp('home.searchPlaceholder')}
      />
      <button type="submit" className="vt-btn vt-btn--accent">
        {t('actions.search')}
      </button>
    </form>
  );
}
