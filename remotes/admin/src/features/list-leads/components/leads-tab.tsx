import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button } from 'antd';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { useSearchParams, useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useLeads } from '../api/get-leads';
import { countFilters, exportInput, listInput, readLeadsView, writeLeadsView, type LeadsView } from '../leads-view';
import { ExportLeads } from './export-leads';
import { LeadFilters } from './lead-filters';
import { LeadsTable } from './leads-table';
import { PrivacyModal } from './privacy-modal';

export type UpdateView = (change: Partial<LeadsView>, options?: { replace?: boolean }) => void;

/**
 * The view the URL holds, and a way to change it. Changes always apply to the URL as it is when they
 * land (the debounced search fires later than the render that scheduled it).
 */
function useLeadsView(): { view: LeadsView; update: UpdateView } {
  const [params, setParams] = useSearchParams();
  const latest = useRef(setParams);
  useEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  const update = useCallback<UpdateView>((change, options) => latest.current((prev) => writeLeadsView(prev, change), options), []);
  const view = useMemo(() => readLeadsView(params), [params]);
  return { view, update };
}

/**
 * The leads tab: filters (in the URL; behind a "Filters" button on a phone), the export of the
 * filtered set, one person's data (privacy), and the server-paged, sortable table.
 */
export function LeadsTab() {
  const { t, i18n } = useTranslation('admin');
  const { fail } = useFeedback();
  const { view, update } = useLeadsView();
  const leads = useLeads(listInput(view));
  useReportError(leads.error, fail);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const filtersId = useId();
  const filterCount = countFilters(view);

  // The last lead of the last page went away (deleted, or no longer matching): show the page before.
  const { data } = leads;
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > 1 && !leads.isPlaceholderData) update({ page: data.page - 1 }, { replace: true });
  }, [data, leads.isPlaceholderData, update]);

  return (
    <div className="vt-leads__tab" data-testid="leads-tab">
      <div className="vt-leads__toolbar">
        <Button
          className="vt-leads__filters-toggle"
          icon={<FilterOutlined />}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {t('leads.filters.toggle')}
          {filterCount > 0 && <Badge count={filterCount} size="small" color="#7c3aed" />}
        </Button>
        <div className="vt-leads__actions">
          <ExportLeads input={() => exportInput(view, i18n.language)} />
          <Button icon={<SafetyCertificateOutlined />} onClick={() => setPrivacyOpen(true)}>
            {t('leads.privacy.button')}
          </Button>
        </div>
      </div>
      <LeadFilters id={filtersId} open={filtersOpen} view={view} update={update} filterCount={filterCount} />
      {leads.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title={t('leads.loadFailed')}
          data-testid="leads-error"
          action={
            <Button size="small" onClick={() => void leads.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <LeadsTable data={data} loading={leads.isFetching} view={view} update={update} filtered={filterCount > 0} />
      )}
      <PrivacyModal open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
    </div>
  );
}
