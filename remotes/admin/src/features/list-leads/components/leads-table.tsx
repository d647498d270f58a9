import { Empty, Table, Tag } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import dayjs from 'dayjs';
import type { Lead, LeadSort, ListPage } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { formatDate, formatTime } from '@vitrine/utils';
import { useLeadActions } from '../api/use-lead-actions';
import { DEFAULT_ORDER, DEFAULT_SORT, PAGE_SIZES, type LeadsView } from '../leads-view';
import { BounceTag, ClassificationSelect, LeadMark, LeadRowActions, NewsletterTag, StatusTag } from './lead-cells';
import { LeadDetails } from './lead-details';
import type { UpdateView } from './leads-tab';
import { useDates } from '../../../lib/use-dates';

/** DD/MM/YYYY; a lead registered today shows its time (in `locale`'s form, an Intl tag; pt-BR by default). */
export function formatRegistered(value: string, now = dayjs(), locale?: string): string {
  const date = dayjs(value);
  return date.isSame(now, 'day') ? formatTime(value, locale) : formatDate(value, locale);
}

function When({ value }: { value: string }) {
  const dates = useDates();
  return (
    <time dateTime={value} title={dates.dateTime(value)}>
      {formatRegistered(value, undefined, dates.locale)}
    </time>
  );
}

const SORTABLE: readonly LeadSort[] = ['name', 'created_at'];
/** The columns' widths and the expand button's: the table fits a 1366 px screen beside the menu, and scrolls in its box below that. */
const TABLE_WIDTH = 1024;

interface LeadsTableProps {
  data: ListPage<Lead> | undefined;
  loading: boolean;
  view: LeadsView;
  update: UpdateView;
  /** Some filter is set (the empty state says so). */
  filtered: boolean;
}

/**
 * The leads, a server page at a time, sorted by the server (name and registered here; the filters'
 * sort also offers the update date and the email). A row opens to show what the person wrote and
 * when it was last updated. Narrower than the table, it scrolls inside its own box, the page never does.
 */
export function LeadsTable({ data, loading, view, update, filtered }: LeadsTableProps) {
  const { t } = useTranslation('admin');
  const actions = useLeadActions();

  const sortable = (key: LeadSort) => ({
    key,
    sorter: true,
    sortOrder: view.sort === key ? (view.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    sortDirections: ['ascend' as const, 'descend' as const],
  });

  const columns: TableColumnsType<Lead> = [
    {
      ...sortable('name'),
      title: t('leads.fields.name'),
      width: 180,
      render: (_, lead) => (
        <div className="vt-leads__who">
          <span className="vt-leads__name">{lead.name || '—'}</span>
          <a href={`mailto:${lead.email}`} className="vt-leads__email">
            {lead.email}
          </a>
        </div>
      ),
    },
    { key: 'company', title: t('leads.fields.company'), dataIndex: 'company', width: 100, ellipsis: true, render: (company: string) => company || '—' },
    {
      key: 'module',
      title: t('leads.fields.module'),
      width: 100,
      render: (_, lead) => <Tag color={lead.module === 'contact' ? 'cyan' : 'geekblue'}>{t(`leads.modules.${lead.module}`)}</Tag>,
    },
    {
      key: 'classification',
      title: t('leads.fields.classification'),
      width: 150,
      render: (_, lead) => <ClassificationSelect lead={lead} actions={actions} />,
    },
    { key: 'status', title: t('leads.fields.status'), width: 100, render: (_, lead) => <StatusTag status={lead.status} /> },
    {
      key: 'newsletter',
      title: t('leads.fields.newsletter'),
      width: 110,
      render: (_, lead) => (
        <div className="vt-leads__tags">
          <NewsletterTag lead={lead} />
          <BounceTag lead={lead} />
        </div>
      ),
    },
    { key: 'lead', title: t('leads.fields.lead'), width: 90, render: (_, lead) => <LeadMark lead={lead} /> },
    { ...sortable('created_at'), title: t('leads.fields.registeredAt'), width: 120, render: (_, lead) => <When value={lead.created_at} /> },
    {
      key: 'actions',
      title: <span className="vt-visually-hidden">{t('leads.fields.actions')}</span>,
      width: 44,
      fixed: 'right',
      render: (_, lead) => <LeadRowActions lead={lead} actions={actions} />,
    },
  ];

  const onChange: TableProps<Lead>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      if (pagination.pageSize && pagination.pageSize !== view.limit) update({ limit: pagination.pageSize });
      else update({ page: pagination.current ?? 1 });
    } else if (extra.action === 'sort') {
      const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = chosen?.columnKey as LeadSort | undefined;
      if (chosen?.order && key && SORTABLE.includes(key)) update({ sort: key, order: chosen.order === 'ascend' ? 'asc' : 'desc' });
      else update({ sort: DEFAULT_SORT, order: DEFAULT_ORDER });
    }
  };

  return (
    <Table<Lead>
      className="vt-leads__table"
      data-testid="leads-table"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: TABLE_WIDTH }}
      onChange={onChange}
      expandable={{ expandedRowRender: (lead) => <LeadDetails lead={lead} /> }}
      pagination={{
        current: view.page,
        pageSize: view.limit,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('leads.total', { count: total }),
      }}
      locale={{
        // Nothing to say until the first page has arrived (the table shows its spinner meanwhile).
        emptyText: data ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('leads.emptyFiltered') : t('leads.empty')} data-testid="leads-empty" />
        ) : (
          <div className="vt-leads__placeholder" />
        ),
      }}
    />
  );
}
