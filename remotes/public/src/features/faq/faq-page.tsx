import { useCallback, useEffect, useMemo, useState } from 'react';
import { PUBLIC_ROUTES, type FaqPage as FaqData, type PublicFaqEntry } from '@vitrine/contracts';
import { http, Link, useLocation, useNavigate, useParams } from '@vitrine/core';
import { Skeleton } from '@vitrine/ui';
import { fetchFaq } from '../../api/faq';
import { EmptyState, ErrorState } from '../../components/error-state';
import { useLoader } from '../../lib/loader';
import { faqPath } from '../../lib/paths';
import { statusOf } from '../../lib/use-request';
import { faqLoader, faqProduct } from './loader';
import { shownProducts } from './route';
import { filterGroups, paragraphs, searchable, termsOf, type FaqGroup } from './search';
import '../../components/page.css';
import './faq.css';
import { usePageTexts } from '../../texts';

const NONE: ReadonlySet<string> = new Set();

/** A link's fragment as the question slug it names ('' when it names none, or cannot be read). */
function slugOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

function NotFound() {
  const { t } = usePageTexts();
  return (
    <div className="vt-page vt-faq">
      <EmptyState title={t('faq.notFoundTitle')}>
        <p>{t('faq.notFound')}</p>
        <Link className="vt-btn vt-btn--primary" to={faqPath()}>
          {t('faq.seeAll')}
        </Link>
      </EmptyState>
    </div>
  );
}

interface QuestionProps {
  entry: PublicFaqEntry;
  /** The slug of the entry's product: its answer's link is /faq/<product>#<slug>. */
  product: string;
  open: boolean;
  copied: boolean | null;
  onToggle(slug: string, open: boolean): void;
  onCopy(product: string, slug: string): void;
}

/** One question: a native disclosure (it opens before the page's code runs, and without it), linkable by its slug. */
function Question({ entry, product, open, copied, onToggle, onCopy }: QuestionProps) {
  const { t } = usePageTexts();
  return (
    <details id={entry.slug} className="vt-faq__item" open={open} onToggle={(event) => onToggle(entry.slug, event.currentTarget.open)}>
      <summary>{entry.question}</summary>
      <div className="vt-faq__answer">
        {paragraphs(entry.answer).map((text, i) => (
          <p key={i}>{text}</p>
        ))}
        <p className="vt-faq__tools">
          <a className="vt-faq__anchor" href={`#${entry.slug}`} aria-label={t('faq.linkTo', { question: entry.question })}>
            #
          </a>
          <button type="button" className="vt-btn vt-btn--link" onClick={() => onCopy(product, entry.slug)}>
            {copied ? t('faq.copied') : t('faq.copyLink')}
          </button>
        </p>
      </div>
    </details>
  );
}

/**
 * The FAQ in the interface language. Its questions are content the API answers in the page's language (`lang` says
 * which), not texts of the remote: the route's answer while the language is the one it was asked in (the server's, at
 * hydration: no mismatch), and after the visitor switches language the FAQ asked again in the new one (the route's
 * answer stays on screen until it arrives, or if it fails).
 */
function useFaqInLanguage(faq: FaqData): FaqData {
  const { i18n } = usePageTexts();
  const lang = i18n.language;
  const [asked, setAsked] = useState<{ lang: string; faq: FaqData } | null>(null);
  const current = faq.lang === undefined || faq.lang === lang;
  useEffect(() => {
    if (current) return;
    let live = true;
    fetchFaq(http).then(
      (answer) => {
        if (live) setAsked({ lang, faq: answer });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [current, lang]);
  return !current && asked?.lang === lang ? asked.faq : faq;
}

/**
 * The questions of the URL's products (every one, or one), searched as typed. The server's HTML shows
 * them all closed; after hydration, the question a link's #fragment names opens (and on every later
 * fragment), and a search opens the questions it finds.
 */
function Faq({ faq: loaded, product }: { faq: FaqData; product: string }) {
  const { t } = usePageTexts();
  const faq = useFaqInLanguage(loaded);
  const { hash } = useLocation();
  const navigate = useNavigate();
  const groups = useMemo(() => searchable(shownProducts(faq, product)), [faq, product]);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(NONE);
  const [copied, setCopied] = useState<{ slug: string; ok: boolean } | null>(null);
  const terms = termsOf(query);
  const found = filterGroups(groups, terms);
  const count = found.reduce((n, group) => n + group.items.length, 0);
  const current = product ? faq.products.find((p) => p.slug === product) : undefined;
  const contact = current ? `${PUBLIC_ROUTES.contact}?subject=${encodeURIComponent(t('faq.contactSubject', { product: current.name }))}` : PUBLIC_ROUTES.contact;

  const search = (value: string) => {
    setQuery(value);
    const words = termsOf(value);
    setOpened(words.length ? new Set(filterGroups(groups, words).flatMap((group) => group.items.map((item) => item.entry.slug))) : NONE);
  };

  const toggle = useCallback(
    (slug: string, open: boolean) =>
      setOpened((now) => {
        if (now.has(slug) === open) return now;
        const next = new Set(now);
        if (open) next.add(slug);
        else next.delete(slug);
        return next;
      }),
    [],
  );

  /** Opens the question a fragment names (clearing a search that hides it) and brings it into view. */
  const openAnswer = useCallback(
    (fragment: string) => {
      const slug = slugOf(fragment);
      const group = groups.find((g) => g.items.some((item) => item.entry.slug === slug));
      if (!slug || !group) return;
      setQuery((now) => (filterGroups([group], termsOf(now)).some((g) => g.items.some((item) => item.entry.slug === slug)) ? now : ''));
      toggle(slug, true);
      // After the layout's scroll to the top of a new page (its effect runs after this one).
      requestAnimationFrame(() => document.getElementById(slug)?.scrollIntoView?.({ block: 'start' }));
    },
    [groups, toggle],
  );

  useEffect(() => openAnswer(hash), [hash, openAnswer]);

  useEffect(() => {
    const onHashChange = () => openAnswer(window.location.hash);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [openAnswer]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 3000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = (productSlug: string, slug: string) => {
    const url = `${window.location.origin}${faqPath(productSlug)}#${slug}`;
    const failed = () => {
      // The address bar then holds a link to the answer.
      void navigate({ hash: slug }, { replace: true, preventScrollReset: true });
      setCopied({ slug, ok: false });
    };
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(url).then(() => setCopied({ slug, ok: true }), failed);
  };

  const question = (group: FaqGroup, item: FaqGroup['items'][number]) => (
    <Question
      key={item.entry.id}
      entry={item.entry}
      product={group.slug}
      open={opened.has(item.entry.slug)}
      copied={copied?.slug === item.entry.slug ? copied.ok : null}
      onToggle={toggle}
      onCopy={copy}
    />
  );

  return (
    <div className="vt-page vt-faq">
      <header className="vt-page__head">
        <h1>{t('faq.title')}</h1>
        <p>{t('faq.subtitle')}</p>
      </header>
      {faq.products.length > 0 ? (
        <nav className="vt-faq__products" aria-label={t('faq.products')}>
          <ul>
            <li>
              <Link className="vt-faq__tab" to={faqPath()} aria-current={product ? undefined : 'page'}>
                {t('faq.all')}
              </Link>
            </li>
            {faq.products.map((p) => (
              <li key={p.slug}>
                <Link className="vt-faq__tab" to={faqPath(p.slug)} aria-current={p.slug === product ? 'page' : undefined}>
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {groups.length === 0 ? (
        <EmptyState title={t('faq.empty')}>
          <p>
            {t('faq.notAnswered')} <Link to={contact}>{t('faq.talkToUs')}</Link>
          </p>
        </EmptyState>
      ) : (
        <>
          <form className="vt-faq__search" role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="faq-search">{t('faq.searchLabel')}</label>
            <input
              id="faq-search"
              className="vt-input"
              type="search"
              value={query}
              maxLength={200}
              autoComplete="off"
              placeholder={t('faq.searchPlaceholder')}
              aria-describedby="faq-count"
              onChange={(event) => search(event.target.value)}
            />
          </form>
          <p id="faq-count" className="vt-faq__count" role="status">
            {terms.length ? t('faq.count', { count }) : ''}
          </p>
          {found.map((group) => (
            <section key={group.slug} className="vt-faq__group" aria-labelledby={`faq-group-${group.slug}`}>
              <h2 id={`faq-group-${group.slug}`}>{group.name}</h2>
              <div className="vt-faq__list">{group.items.map((item) => question(group, item))}</div>
            </section>
          ))}
          {count === 0 ? (
            <EmptyState title={t('faq.noResults', { term: query.trim() })}>
              <p>
                {t('faq.notAnswered')} <Link to={contact}>{t('faq.talkToUs')}</Link>
              </p>
              <button type="button" className="vt-btn vt-btn--secondary" onClick={() => search('')}>
                {t('faq.clear')}
              </button>
            </EmptyState>
          ) : null}
        </>
      )}
      <p className="vt-visually-hidden" role="status">
        {copied ? t(copied.ok ? 'faq.copied' : 'faq.copyFailed') : ''}
      </p>
      <section className="vt-faq__cta" aria-labelledby="faq-cta">
        <h2 id="faq-cta">{t('faq.ctaTitle')}</h2>
        <p>{t('faq.ctaText')}</p>
        <Link className="vt-btn vt-btn--lg" to={contact}>
          {t('faq.talkToUs')}
        </Link>
      </section>
    </div>
  );
}

/** The FAQ: faq and faq/<product>; a product the FAQ does not have is a 404. */
export function FaqPage() {
  const { t } = usePageTexts();
  const product = faqProduct(useParams());
  const faq = useLoader(faqLoader);
  if (product === null) return <NotFound />;
  if (faq.status === 'loading') {
    return (
      <div className="vt-page vt-faq" aria-busy="true">
        <header className="vt-page__head">
          <h1>{t('faq.title')}</h1>
          <p>{t('faq.subtitle')}</p>
        </header>
        <Skeleton lines={6} height={56} />
      </div>
    );
  }
  if (faq.status === 'error') {
    if (statusOf(faq.error) === 404) return <NotFound />;
    return (
      <div className="vt-page vt-faq">
        <ErrorState onRetry={faq.retry} />
      </div>
    );
  }
  return <Faq faq={faq.data} product={product} />;
}
