import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useSearchParams, useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useAuditLog } from '../api/get-audit-log';
import { usePeople } from '../api/get-people';
import { hasFilters, listInput, readAuditLogView, writeAuditLogView, type AuditLogView } from '../audit-log-view';
import { AuditLogFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';
import './audit-log-page.css';

export type UpdateView = (change: Partial<AuditLogView>, options?: { replace?: boolean }) => void;

/** The view the URL holds, and a way to change it (applied to the URL as it is when the change lands). */
function useAuditLogView(): { view: AuditLogView; update: UpdateView } {
  const [params, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  const update = useCallback<UpdateView>((change, options) => latest.current((prev) => writeAuditLogView(prev, change), options), []);
  const view = useMemo(() => readAuditLogView(params), [params]);
  return { view, update };
}

/**
 * audit-log: who changed what in the back office, newest first. Filtered by person, record type
 * (and record) and period, paged by the server, all in the URL (a view can be shared and survives a reload).
 * Only admins read it: anyone else is told so (403 ADMIN_ONLY) rather than shown an error.
 */
export function AuditLogPage() {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const headingId = useId();
  const { view, update } = useAuditLogView();
  const log = useAuditLog(listInput(view));
  useReportError(log.error, fail);
  const people = usePeople();
  useReportError(people.error, fail);

  // A page past the last (a hand-edited or old link): show the last page there is.
  const { data } = log;
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > 1 && !log.isPlaceholderData) update({ page: Math.max(1, Math.ceil(data.total / data.limit)) }, { replace: true });
  }, [data, log.isPlaceholderData, update]);

  const actorName = view.actor === undefined ? undefined : data?.items.find((entry) => entry.actor_id === view.actor)?.actor_name;

  let content;
  if (log.isError && !data) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('auditLog.loadFailed')}
        data-testid="audit-log-error"
        action={
          <Button size="small" onClick={() => void log.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!data) {
    content = (
      <div role="status" aria-busy="true" aria-label={t('common:loading.label')} data-testid="audit-log-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else {
    content = <AuditLogTable data={data} loading={log.isFetching} view={view} update={update} filtered={hasFilters(view)} />;
  }

  return (
    <section className="vt-audit" data-testid="audit-log-page" aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} className="vt-audit__heading">
        {t('auditLog.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="vt-audit__intro">
        {t('auditLog.intro')}
      </Typography.Paragraph>
      <AuditLogFilters view={view} update={update} people={people.data ?? []} peopleLoading={people.isLoading} actorName={actorName} />
      {content}
    </section>
  );
}
