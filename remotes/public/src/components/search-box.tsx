import { useId, useRef, useState, type FormEvent } from 'react';
import { SEARCH_TERM } from '@vitrine/contracts';
import { searchPath } from '../lib/paths';
import { useTypedBeforeStart } from '../lib/typed-before-start';
import './search-box.css';
import { useNavigate, useTranslation } from '@vitrine/core';

export interface SearchBoxProps {
  initial?: string;
  /** 'hero' sits on the dark gradient of the home. */
  tone?: 'hero' | 'plain';
}

/** A search form: submitting goes to /list-article-results/<term>. */
export function SearchBox({ initial = '', tone = 'plain' }: SearchBoxProps) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('public');
  const navigate = useNavigate();
  const [term, setTerm] = useState(initial);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeStart(form, (typed) => setTerm(typed[SEARCH_TERM] ?? term));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) void navigate(searchPath(term));
  };

  return (
    // A plain GET form: before the page's code runs (or without it) the server sends the term to its results.
    <form ref={form} className={`vt-search vt-search--${tone}`} role="search" method="get" action={searchPath('')} onSubmit={submit}>
      <label htmlFor={id} className="vt-visually-hidden">
        {tp('home.searchLabel')}
      </label>
      <input
        id={id}
        className="vt-input"
        type="search"
        name={SEARCH_TERM}
        value={term}
        maxLength={200}
        placeholder={tp('home.searchPlaceholder')}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="vt-btn vt-btn--accent">
        {t('actions.search')}
      </button>
    </form>
  );
}
