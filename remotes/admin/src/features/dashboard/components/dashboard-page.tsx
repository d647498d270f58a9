import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Avatar, Button, Card, Col, DatePicker, Empty, Row, Segmented, Skeleton, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ADMIN_ROUTE_NAMES, ADMIN_ROUTES, buildPath, canOpenRoute, DASHBOARD_MAX_DAYS, DASHBOARD_PERIODS, type DashboardReport } from '@vitrine/contracts';
import { Link, useAuth, useSearchParams, useTranslation } from '@vitrine/core';
import { formatDateLong, initials } from '@vitrine/utils';
import { useDashboard } from '../api/use-dashboard';
import { choiceFromParams, paramsOfChoice, rangeLength, rangeOfChoice, shortDay, type PeriodChoice } from '../dashboard-view';
import { RankedList } from './ranked-list';
import { StatCard } from './stat-card';
import './dashboard-page.css';

// The charts' library loads on its own, after the figures (docs/decisions/dashboard.md).
const TimeChart = lazy(() => import('./time-chart'));

const COLORS = { reads: '#6d28d9', leads: '#0958d9', subscribers: '#237804' };
const CHART_HEIGHT = 240;

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

/** The period: 7, 30 or 90 days ending today, or a range picked on a calendar (UTC days); kept in the URL. */
function PeriodPicker({ choice, onChange }: { choice: PeriodChoice; onChange: (choice: PeriodChoice) => void }) {
  const { t } = useTranslation('admin');
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const range = rangeOfChoice(choice);
  const value = custom ? 'custom' : String(choice.kind === 'preset' ? choice.days : 'custom');
  return (
    <div className="vt-dashboard__period">
      <Segmented
        aria-label={t('dashboard.period')}
        value={value}
        onChange={(next) => {
          if (next === 'custom') setCustom(true);
          else {
            setCustom(false);
            onChange({ kind: 'preset', days: Number(next) as (typeof DASHBOARD_PERIODS)[number] });
          }
        }}
        options={[
          ...DASHBOARD_PERIODS.map((days) => ({ value: String(days), label: t('dashboard.periods.days', { count: days }) })),
          { value: 'custom', label: t('dashboard.periods.custom') },
        ]}
      />
      {custom && (
        <DatePicker.RangePicker
          aria-label={t('dashboard.periods.pick')}
          allowClear={false}
          format="DD/MM/YYYY"
          value={[dayjs(range.from), dayjs(range.to)]}
          disabledDate={(current: Dayjs, info?: { from?: Dayjs }) =>
            current.isAfter(dayjs(), 'day') || (info?.from ? Math.abs(current.diff(info.from, 'day')) >= DASHBOARD_MAX_DAYS : false)
          }
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            if (from && to) onChange({ kind: 'custom', from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
          }}
        />
      )}
    </div>
  );
}

/** A chart's card: the chart once its code is here (same height before, so nothing moves), or the empty state. */
function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Card title={title} className="vt-dashboard__card">
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('errors:noFlowData')} style={{ minHeight: CHART_HEIGHT - 40 }} />
      ) : (
        <Suspense fallback={<Skeleton.Node active className="vt-dashboard__chart-placeholder" style={{ height: CHART_HEIGHT }} />}>{children}</Suspense>
      )}
    </Card>
  );
}

function Reports({ report, days }: { report: DashboardReport; days: number }) {
  const { t, i18n } = useTranslation('admin');
  const canEdit = canOpenRoute(useAuth((s) => s.roles), 'compose');
  const locale = i18n.language;
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
      <Row gutter={[16, 16]} className="vt-dashboard__stats">
        <Col xs={12} md={8} xl={6}>
          <StatCard title={t('dashboard.cards.reads')} value={totals.reads.current} previous={totals.reads.previous} compare={compare} testId="stat-reads" />
        </Col>
        <Col xs={12} md={8} xl={6}>
          <StatCard title={t('dashboard.cards.created')} value={totals.created.current} previous={totals.created.previous} compare={compare} testId="stat-created" />
        </Col>
        <Col xs={12} md={8} xl={6}>
          <StatCard title={t('dashboard.cards.unread')} value={totals.unread} hint={t('dashboard.cards.unreadOf', { count: totals.published })} testId="stat-unread" />
        </Col>
        <Col xs={12} md={8} xl={6}>
          <StatCard title={t('dashboard.cards.publishers')} value={totals.publishers.current} previous={totals.publishers.previous} compare={compare} testId="stat-publishers" />
        </Col>
        <Col xs={12} md={8} xl={6}>
          <StatCard
            title={t('dashboard.cards.categories')}
            value={totals.categories.in_use}
            hint={t('dashboard.cards.categoriesOf', { count: totals.categories.active })}
            testId="stat-categories"
          />
        </Col>
        <Col xs={12} md={8} xl={6}>
          <StatCard title={t('dashboard.cards.leads')} value={totals.leads.current} previous={totals.leads.previous} compare={compare} testId="stat-leads" />
        </Col>
        <Col xs={12} md={8} xl={6}>
          <StatCard title={t('dashboard.cards.subscribers')} value={totals.subscribers.current} previous={totals.subscribers.previous} compare={compare} testId="stat-subscribers" />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24}>
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
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.top.title')} className="vt-dashboard__card" data-testid="top-articles">
            {report.top_articles.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('errors:noFlowData')} />
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
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.authors.title')} className="vt-dashboard__card" data-testid="authors">
            {report.authors.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('errors:noAuthors')} />
            ) : (
              <RankedList
                items={report.authors.map((a) => ({
                  key: a.id,
                  label: (
                    <span className="vt-dashboard__author">
                      <Avatar size={24} src={a.photo ?? undefined} alt="" style={{ background: '#6d28d9', fontSize: 11 }}>
                        {initials(`${a.name} ${a.last_name}`)}
                      </Avatar>
                      {`${a.name} ${a.last_name}`}
                    </span>
                  ),
                  value: a.created,
                  share: a.created / maxAuthor,
                  valueLabel: t('dashboard.authors.counts', { count: a.created, published: a.published }),
                }))}
              />
            )}
          </Card>
        </Col>
        <Col xs={24}>
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
        </Col>
      </Row>
    </>
  );
}

/**
 * Dashboard (SPEC §2): the greeting by gender, the period (in the URL), the figures against the period before,
 * reads and the audience over time, the most read articles, articles per author, and the user's shortcuts.
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
      <Card className="vt-dashboard__card">
        <div className="vt-dashboard__welcome">
          <Avatar size={64} src={user.photo ?? undefined} alt="" style={{ background: '#6d28d9', fontSize: 24, flex: 'none' }}>
            {initials(fullName)}
          </Avatar>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="dashboard-greeting">
              {t('dashboard.greeting', { context: user.gender, name: user.name })}
            </Typography.Title>
            <Typography.Text className="vt-dashboard__muted">
              {user.position} · {formatDateLong(new Date())}
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              {user.accesses.map((access) => (
                <Tag key={access} color="purple">
                  {t(`users.accesses.${access}`)}
                </Tag>
              ))}
            </div>
          </div>
        </div>
      </Card>

      <div className="vt-dashboard__head">
        <Typography.Title level={4} className="vt-dashboard__heading">
          {t('dashboard.reports')}
        </Typography.Title>
        <PeriodPicker choice={choice} onChange={(next) => setParams(paramsOfChoice(next))} />
      </div>
      {query.isError && !query.data ? (
        <Alert
          type="error"
          showIcon
          message={t('dashboard.loadError')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      ) : query.data ? (
        <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'vt-dashboard__stale' : undefined}>
          <Reports report={query.data} days={days} />
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}

      {shortcuts.length > 0 && (
        <>
          <Typography.Title level={4} className="vt-dashboard__heading" style={{ marginTop: 24 }}>
            {t('dashboard.shortcuts')}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {shortcuts.map((name) => (
              <Col xs={24} sm={12} lg={8} key={name}>
                <Link to={buildPath(ADMIN_ROUTES[name])}>
                  <Card hoverable size="small">
                    <Typography.Text strong>{t(`menu.${name}`)}</Typography.Text>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </>
      )}
    </div>
  );
}
