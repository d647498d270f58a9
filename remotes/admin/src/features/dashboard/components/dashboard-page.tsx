import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { ADMIN_ROUTE_NAMES, ADMIN_ROUTES, buildPath, canOpenRoute, DASHBOARD_MAX_DAYS, DASHBOARD_PERIODS, type DashboardReport } from '@vitrine/contracts';
import { Link, useAuth, useSearchParams, useTranslation } from '@vitrine/core';
import { Button, Skeleton } from '@vitrine/ui';
import { initials } from '@vitrine/utils';
import { useDashboard } from '../api/use-dashboard';
import { choiceFromParams, paramsOfChoice, rangeLength, rangeOfChoice, rangeProblem, shortDay, todayUtc, type PeriodChoice, type Range } from '../dashboard-view';
import { RankedList } from './ranked-list';
import { StatCard } from './stat-card';
import { intlLocale, longDate } from '../../../lib/intl-locale';
import './dashboard-page.css';

// The first screen after signing in is plain React and CSS: no antd (../../../pages loads it with { antd: false }),
// so signing in downloads none. The charts' library loads on its own, after the figures (docs/decisions/dashboard.md).
const TimeChart = lazy(() => import('./time-chart'));
// A custom range's day fields write days in the interface language's format, with antd's date picker: their own chunk,
// with antd, fetched only when a custom range is shown (the presets, the usual view, still load no antd).
const DayField = lazy(() => import('../../../components/day-field'));

const COLORS = { reads: '#6d28d9', leads: '#0958d9', subscribers: '#237804' };
const CHART_HEIGHT = 240;
/** Figures shown while the first report loads (the placeholders take their places). */
const STAT_COUNT = 7;

/** The screens this remote provides (read lazily: ../../pages lazy-loads this page). */
function useProvidedPages(): ReadonlySet<string> {
  const [names, setNames] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let live = true;
    void import('../../../pages').then((m) => live && setNames(new Set(Object.keys(m.pages))));
    return () => {
      live = false;
    };
  }, []);
  return names;
}

/** A photo, or the initials on the brand's purple when there is none (or it fails); decorative: the name is beside it. */
function Avatar({ name, photo, size }: { name: string; photo: string | null; size: 'sm' | 'lg' }) {
  const [failed, setFailed] = useState<string | null>(null);
  const pixels = size === 'lg' ? 64 : 24;
  return (
    <span className={`vt-dashboard__avatar vt-dashboard__avatar--${size}`} aria-hidden="true">
      {photo && photo !== failed ? <img src={photo} alt="" width={pixels} height={pixels} onError={() => setFailed(photo)} /> : initials(name)}
    </span>
  );
}

/** A white panel with a title (h3: under the page's h2 sections). */
function Panel({ title, className, testId, children }: { title: string; className?: string; testId?: string; children: ReactNode }) {
  return (
    <section className={['vt-dashboard__card', className].filter(Boolean).join(' ')} data-testid={testId}>
      <h3 className="vt-dashboard__card-title">{title}</h3>
      <div className="vt-dashboard__card-body">{children}</div>
    </section>
  );
}

/** Nothing to show: a tray and a line; a chart's keeps the chart's height, so nothing moves when data comes. */
function EmptyState({ text, chart = false }: { text: string; chart?: boolean }) {
  return (
    <div className={chart ? 'vt-dashboard__empty vt-dashboard__empty--chart' : 'vt-dashboard__empty'}>
      <svg className="vt-dashboard__empty-icon" width="56" height="40" viewBox="0 0 56 40" aria-hidden="true" focusable="false">
        <ellipse cx="28" cy="34" rx="26" ry="5" fill="#f3f4f6" />
        <path d="M8 14 16 4h24l8 10v14a3 3 0 0 1-3 3H11a3 3 0 0 1-3-3z" fill="#fafafa" stroke="#cfd4dc" />
        <path d="M8 14h11a3 3 0 0 1 3 3 3 3 0 0 0 3 3h6a3 3 0 0 0 3-3 3 3 0 0 1 3-3h11" fill="none" stroke="#cfd4dc" />
      </svg>
      <p className="vt-dashboard__empty-text">{text}</p>
    </div>
  );
}

/**
 * The period: 7, 30 or 90 days ending today, or two days typed or picked on a calendar, in the interface language's
 * format (UTC days); kept in the URL. Radios styled as a segmented control (arrow keys move between them); a custom range
 * reaches the URL only once it is valid, and says what is wrong until then.
 */
function PeriodPicker({ choice, onChange }: { choice: PeriodChoice; onChange: (choice: PeriodChoice) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const range = rangeOfChoice(choice);
  const [customPicked, setCustomPicked] = useState(choice.kind === 'custom');
  const custom = customPicked || choice.kind === 'custom';
  const selected = custom ? 'custom' : String(choice.kind === 'preset' ? choice.days : 'custom');

  // The fields' text, reset whenever the URL's range changes (a preset, a shared link, back and forward).
  const applied = `${range.from}/${range.to}`;
  const [draft, setDraft] = useState({ ...range, applied });
  if (draft.applied !== applied) setDraft({ ...range, applied });
  const today = todayUtc();
  const problem = draft.from === range.from && draft.to === range.to ? null : rangeProblem(draft, today);
  const errorId = `${id}-error`;

  const edit = (part: Partial<Range>) => {
    const next = { from: draft.from, to: draft.to, ...part };
    setDraft({ ...next, applied });
    if (!rangeProblem(next, today) && (next.from !== range.from || next.to !== range.to)) onChange({ kind: 'custom', ...next });
  };
  const pick = (value: string) => {
    if (value === 'custom') setCustomPicked(true);
    else {
      setCustomPicked(false);
      const days = DASHBOARD_PERIODS.find((d) => String(d) === value);
      if (days) onChange({ kind: 'preset', days });
    }
  };
  const options = [
    ...DASHBOARD_PERIODS.map((days) => ({ value: String(days), label: t('dashboard.periods.days', { count: days }) })),
    { value: 'custom', label: t('dashboard.periods.custom') },
  ];
  const dateField = (part: keyof Range) => (
    <div className="vt-dashboard__date">
      <label htmlFor={`${id}-${part}`} className="vt-dashboard__date-label">
        {t(`dashboard.periods.${part}`)}
      </label>
      <Suspense fallback={<span className="vt-dashboard__date-placeholder" aria-hidden="true" />}>
        <DayField
          id={`${id}-${part}`}
          className="vt-dashboard__date-input"
          value={draft[part]}
          max={today}
          invalid={Boolean(problem)}
          describedBy={problem ? errorId : undefined}
          onChange={(day) => edit({ [part]: day })}
        />
      </Suspense>
    </div>
  );

  return (
    <div className="vt-dashboard__period">
      <fieldset className="vt-dashboard__segmented">
        <legend className="vt-visually-hidden">{t('dashboard.period')}</legend>
        {options.map((option) => (
          <label key={option.value} className="vt-dashboard__segment">
            <input
              type="radio"
              className="vt-dashboard__segment-input"
              name={`${id}-period`}
              value={option.value}
              checked={selected === option.value}
              onChange={() => pick(option.value)}
            />
            <span className="vt-dashboard__segment-text">{option.label}</span>
          </label>
        ))}
      </fieldset>
      {custom && (
        <div className="vt-dashboard__range" role="group" aria-label={t('dashboard.periods.pick')}>
          {dateField('from')}
          {dateField('to')}
          {problem && (
            <p id={errorId} className="vt-dashboard__range-error" role="alert">
              {t(`dashboard.periods.errors.${problem}`, { max: DASHBOARD_MAX_DAYS })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** A chart's panel: the chart once its code is here (same height before, so nothing moves), or the empty state. */
function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Panel title={title} className="vt-dashboard__wide">
      {empty ? (
        <EmptyState text={t('errors:noFlowData')} chart />
      ) : (
        <Suspense fallback={<Skeleton height={CHART_HEIGHT} className="vt-dashboard__chart-placeholder" />}>{children}</Suspense>
      )}
    </Panel>
  );
}

/** The first report on its way: placeholders where the figures and the first chart will be. */
function ReportsLoading() {
  const { t } = useTranslation('admin');
  return (
    <div role="status" aria-busy="true" aria-label={t('common:loading.label')} data-testid="dashboard-loading">
      <div className="vt-dashboard__stats">
        {Array.from({ length: STAT_COUNT }, (_, i) => (
          <div key={i} className="vt-dashboard__card vt-dashboard__stat">
            <Skeleton width="60%" height={14} />
            <Skeleton width="45%" height={26} className="vt-dashboard__skeleton-figure" />
            <Skeleton width="80%" height={12} />
          </div>
        ))}
      </div>
      <div className="vt-dashboard__card">
        <div className="vt-dashboard__card-title">
          <Skeleton width={160} height={16} />
        </div>
        <div className="vt-dashboard__card-body">
          <Skeleton height={CHART_HEIGHT} />
        </div>
      </div>
    </div>
  );
}

function Reports({ report, days }: { report: DashboardReport; days: number }) {
  const { t, i18n } = useTranslation('admin');
  const canEdit = canOpenRoute(useAuth((s) => s.roles), 'compose');
  const locale = intlLocale(i18n.language);
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const { totals } = report;
  const dayList = useMemo(() => report.days.map((d) => d.day), [report]);
  const readSeries = useMemo(() => [{ label: t('dashboard.charts.readsSeries'), color: COLORS.reads, values: report.days.map((d) => d.reads) }], [report, t]);
  const audienceSeries = useMemo(
    () => [
      { label: t('dashboard.charts.leads'), color: COLORS.leads, values: report.days.map((d) => d.leads) },
      { label: t('dashboard.charts.subscribers'), color: COLORS.subscribers, values: report.days.map((d) => d.subscribers) },
    ],
    [report, t],
  );
  const busiest = report.days.reduce((best, d) => (d.reads > best.reads ? d : best), report.days[0] ?? { day: report.from, reads: 0 });
  const span = { from: shortDay(report.from, locale), to: shortDay(report.to, locale) };
  const compare = { days };
  const maxTop = Math.max(1, ...report.top_articles.map((a) => a.reads));
  const maxAuthor = Math.max(1, ...report.authors.map((a) => a.created));

  return (
    <>
      <div className="vt-dashboard__stats">
        <StatCard title={t('dashboard.cards.reads')} value={totals.reads.current} previous={totals.reads.previous} compare={compare} testId="stat-reads" />
        <StatCard title={t('dashboard.cards.created')} value={totals.created.current} previous={totals.created.previous} compare={compare} testId="stat-created" />
        <StatCard title={t('dashboard.cards.unread')} value={totals.unread} hint={t('dashboard.cards.unreadOf', { count: totals.published })} testId="stat-unread" />
        <StatCard title={t('dashboard.cards.publishers')} value={totals.publishers.current} previous={totals.publishers.previous} compare={compare} testId="stat-publishers" />
        <StatCard
          title={t('dashboard.cards.categories')}
          value={totals.categories.in_use}
          hint={t('dashboard.cards.categoriesOf', { count: totals.categories.active })}
          testId="stat-categories"
        />
        <StatCard title={t('dashboard.cards.leads')} value={totals.leads.current} previous={totals.leads.previous} compare={compare} testId="stat-leads" />
        <StatCard title={t('dashboard.cards.subscribers')} value={totals.subscribers.current} previous={totals.subscribers.previous} compare={compare} testId="stat-subscribers" />
      </div>

      <div className="vt-dashboard__grid">
        <ChartCard title={t('dashboard.charts.reads')} empty={totals.reads.current === 0}>
          <TimeChart
            days={dayList}
            series={readSeries}
            locale={locale}
            height={CHART_HEIGHT}
            dayLabel={t('dashboard.charts.day')}
            summary={t('dashboard.charts.readsSummary', { ...span, total: numbers.format(totals.reads.current), max: numbers.format(busiest.reads), day: shortDay(busiest.day, locale) })}
          />
        </ChartCard>
        <Panel title={t('dashboard.top.title')} testId="top-articles">
          {report.top_articles.length === 0 ? (
            <EmptyState text={t('errors:noFlowData')} />
          ) : (
            <RankedList
              items={report.top_articles.map((a) => ({
                key: a.id,
                label: canEdit ? (
                  <Link to={buildPath(ADMIN_ROUTES.compose, { uniqueKey: a.unique_key, id: a.id })} className="vt-dashboard__link">
                    {a.title}
                  </Link>
                ) : (
                  a.title
                ),
                value: a.reads,
                share: a.reads / maxTop,
                previous: a.previous_reads,
                valueLabel: t('dashboard.top.reads', { count: a.reads, formatted: numbers.format(a.reads) }),
              }))}
            />
          )}
        </Panel>
        <Panel title={t('dashboard.authors.title')} testId="authors">
          {report.authors.length === 0 ? (
            <EmptyState text={t('errors:noAuthors')} />
          ) : (
            <RankedList
              items={report.authors.map((a) => ({
                key: a.id,
                label: (
                  <span className="vt-dashboard__author">
                    <Avatar name={`${a.name} ${a.last_name}`} photo={a.photo} size="sm" />
                    {`${a.name} ${a.last_name}`}
                  </span>
                ),
                value: a.created,
                share: a.created / maxAuthor,
                valueLabel: t('dashboard.authors.counts', { count: a.created, published: a.published }),
              }))}
            />
          )}
        </Panel>
        <ChartCard title={t('dashboard.charts.audience')} empty={totals.leads.current + totals.subscribers.current === 0}>
          <TimeChart
            days={dayList}
            series={audienceSeries}
            locale={locale}
            height={CHART_HEIGHT}
            dayLabel={t('dashboard.charts.day')}
            summary={t('dashboard.charts.audienceSummary', { ...span, leads: numbers.format(totals.leads.current), subscribers: numbers.format(totals.subscribers.current) })}
          />
        </ChartCard>
      </div>
    </>
  );
}

/**
 * Dashboard: the greeting by gender, the period (in the URL), the figures against the period before,
 * reads and the audience over time, the most read articles, articles per author, and the user's shortcuts.
 * Headings: the greeting is the page's h1, Reports and Shortcuts its h2s, each panel's title an h3.
 */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const user = useAuth((s) => s.authUser);
  const roles = useAuth((s) => s.roles);
  const provided = useProvidedPages();
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params);
  const range = rangeOfChoice(choice);
  const days = rangeLength(range);
  const query = useDashboard(range);
  if (!user) return null;

  const shortcuts = ADMIN_ROUTE_NAMES.filter((name) => name !== 'dashboard' && name !== 'compose' && canOpenRoute(roles, name) && provided.has(name));
  const fullName = `${user.name} ${user.last_name}`;
  return (
    // The build id is for whoever deploys, not for staff: in the page's source, not on screen.
    <div className="vt-dashboard" data-testid="dashboard-page" data-build={__BUILD_ID__}>
      <section className="vt-dashboard__card vt-dashboard__welcome">
        <Avatar name={fullName} photo={user.photo} size="lg" />
        <div className="vt-dashboard__welcome-text">
          <h1 className="vt-dashboard__greeting" data-testid="dashboard-greeting">
            {t('dashboard.greeting', { context: user.gender, name: user.name })}
          </h1>
          <p className="vt-dashboard__muted vt-dashboard__position">
            {user.position} · {longDate(t, new Date())}
          </p>
          {user.accesses.length > 0 && (
            <ul className="vt-dashboard__tags">
              {user.accesses.map((access) => (
                <li key={access} className="vt-dashboard__tag">
                  {t(`users.accesses.${access}`)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <div className="vt-dashboard__head">
        <h2 className="vt-dashboard__heading">{t('dashboard.reports')}</h2>
        <PeriodPicker choice={choice} onChange={(next) => setParams(paramsOfChoice(next))} />
      </div>
      {query.isError && !query.data ? (
        <div className="vt-dashboard__alert" role="alert">
          <svg className="vt-dashboard__alert-icon" width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
            <circle cx="9" cy="9" r="9" fill="currentColor" />
            <path d="M6 6l6 6M12 6l-6 6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <p className="vt-dashboard__alert-text">{t('dashboard.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </div>
      ) : query.data ? (
        <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'vt-dashboard__stale' : undefined}>
          <Reports report={query.data} days={days} />
        </div>
      ) : (
        <ReportsLoading />
      )}

      {shortcuts.length > 0 && (
        <>
          <h2 className="vt-dashboard__heading vt-dashboard__heading--spaced">{t('dashboard.shortcuts')}</h2>
          <ul className="vt-dashboard__shortcuts">
            {shortcuts.map((name) => (
              <li key={name}>
                <Link to={buildPath(ADMIN_ROUTES[name])} className="vt-dashboard__shortcut">
                  <span>{t(`menu.${name}`)}</span>
                  <span className="vt-dashboard__shortcut-arrow" aria-hidden="true">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
