import { Button, Empty, Grid, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import { AUDIT_PAGE_SIZE, type AuditAction, type ListPage } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import type { AuditEntry } from '@vitrine/contracts';
import { changeLines, describeEntry, hasWholeText, recordOf, summaryLines, type AuditLogView, type ChangeLine, type Translate } from '../audit-log-view';
import type { UpdateView } from './audit-log-page';
import { useDates } from '../../../lib/use-dates';

const ACTION_COLORS: Record<AuditAction, string> = { create: 'green', update: 'blue', delete: 'red' };

/** A text shown whole, in a box of its own that scrolls when long (reachable by keyboard to scroll it). */
function WholeText({ text, caption }: { text: string; caption?: string }) {
  return (
    <figure className="vt-audit__text">
      {caption && <figcaption>{caption}</figcaption>}
      <pre tabIndex={0}>{text}</pre>
    </figure>
  );
}

/**
 * Changes as a list: "field: before → after", or "field: value" for a created or deleted row's columns. With
 * `whole` (an opened row), a text the compact form cuts (an SEO entry's markup) is shown whole, before and after.
 */
export function ChangeList({ lines, testId, whole = false }: { lines: ChangeLine[]; testId?: string; whole?: boolean }) {
  const { t } = useTranslation('admin');
  if (lines.length === 0) return <Typography.Text type="secondary">{t('auditLog.noChanges')}</Typography.Text>;
  return (
    <ul className="vt-audit__changes" data-testid={testId}>
      {lines.map((line) => {
        const texts = whole ? line.whole : undefined;
        if (texts && 'value' in line) {
          return (
            <li key={line.field} className="vt-audit__whole">
              <code className="vt-audit__field">{line.field}</code>
              <WholeText text={texts.value ?? line.value} />
            </li>
          );
        }
        if (texts && 'before' in line) {
          return (
            <li key={line.field} className="vt-audit__whole">
              <code className="vt-audit__field">{line.field}</code>
              <WholeText text={texts.before ?? line.before} caption={t('auditLog.values.before')} />
              <span className="vt-visually-hidden"> {t('auditLog.becomes')} </span>
              <WholeText text={texts.after ?? line.after} caption={t('auditLog.values.after')} />
            </li>
          );
        }
        return (
          <li key={line.field}>
            <code className="vt-audit__field">{line.field}</code>
            <span aria-hidden="true">: </span>
            {'value' in line ? (
              <span className="vt-audit__value">{line.value}</span>
            ) : (
              <>
                <span className="vt-audit__value vt-audit__value--before">{line.before}</span>
                <span className="vt-audit__arrow" aria-hidden="true">
                  {' → '}
                </span>
                <span className="vt-visually-hidden"> {t('auditLog.becomes')} </span>
                <span className="vt-audit__value">{line.after}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A row opened: every change (on a phone, where the table leaves the column out), or a created / deleted row's every column. */
function EntryDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  return (
    <div className="vt-audit__details">
      <div className="vt-audit__details-title">
        <Tag color={ACTION_COLORS[entry.action]}>{t(`auditLog.actions.${entry.action}`)}</Tag>
        <Typography.Text strong>{t(entry.action === 'update' ? 'auditLog.details.update' : 'auditLog.details.row')}</Typography.Text>
      </div>
      <ChangeList lines={changeLines(entry, t as Translate, dates.locale)} testId={`audit-details-${entry.id}`} whole />
    </div>
  );
}

interface AuditLogTableProps {
  data: ListPage<AuditEntry>;
  loading: boolean;
  view: AuditLogView;
  update: UpdateView;
  filtered: boolean;
}

/** Columns a screen from antd's `md` breakpoint (768 px) shows; narrower, the changes are in the opened row. */
const WIDE_ONLY = new Set(['changes']);

/**
 * The entries, a server page at a time, newest first. On a phone the table keeps When, Who and What; the
 * changes are in the row opened with its expand button (the page never scrolls sideways). On a wider screen
 * a created or deleted row shows the columns naming it, and opens to show them all.
 */
export function AuditLogTable({ data, loading, view, update, filtered }: AuditLogTableProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const tr = t as Translate;
  const wide = Grid.useBreakpoint().md === true;

  const allColumns: TableColumnsType<AuditEntry> = [
    {
      key: 'at',
      title: t('auditLog.fields.at'),
      width: wide ? 150 : 92,
      render: (_, entry) => (
        <time dateTime={entry.at} className="vt-audit__at">
          {dates.dateTime(entry.at)}
        </time>
      ),
    },
    {
      key: 'actor',
      title: t('auditLog.fields.actor'),
      width: wide ? 180 : undefined,
      render: (_, entry) => <span className="vt-audit__actor">{entry.actor_name || t('auditLog.unknownActor')}</span>,
    },
    {
      key: 'what',
      title: t('auditLog.fields.what'),
      width: wide ? 260 : undefined,
      render: (_, entry) => {
        const record = recordOf(entry, tr, 'label');
        const shown = view.type === entry.record_type && view.record === entry.record_id;
        return (
          <span className="vt-audit__what">
            <span>{describeEntry(entry, tr)}</span>
            {!shown && (
              <Tooltip title={t('auditLog.historyOf', { record })}>
                <Button
                  type="text"
                  size="small"
                  className="vt-audit__history"
                  icon={<FilterOutlined />}
                  aria-label={t('auditLog.historyOf', { record })}
                  onClick={() => update({ type: entry.record_type, record: entry.record_id })}
                />
              </Tooltip>
            )}
          </span>
        );
      },
    },
    {
      key: 'changes',
      title: t('auditLog.fields.changes'),
      render: (_, entry) => <ChangeList lines={summaryLines(entry, tr, dates.locale)} testId={`audit-changes-${entry.id}`} />,
    },
  ];
  const columns = allColumns.filter((column) => wide || !WIDE_ONLY.has(String(column.key)));

  const onChange: TableProps<AuditEntry>['onChange'] = (pagination, _filters, _sorter, extra) => {
    if (extra.action === 'paginate') update({ page: pagination.current ?? 1 });
  };

  return (
    <Table<AuditEntry>
      className="vt-audit__table"
      data-testid="audit-log-table"
      caption={<span className="vt-visually-hidden">{t('auditLog.caption')}</span>}
      rowKey="id"
      size="small"
      tableLayout="fixed"
      columns={columns}
      dataSource={data.items}
      loading={loading}
      onChange={onChange}
      expandable={{
        expandedRowRender: (entry) => <EntryDetails entry={entry} />,
        // Wide, an update shows all it changed already, but for a long text (SEO markup) it cuts, which the opened
        // row shows whole; a created / deleted row opens when it has more to show.
        rowExpandable: (entry) =>
          !wide || hasWholeText(entry, tr) || (entry.action !== 'update' && changeLines(entry, tr).length > summaryLines(entry, tr).length),
        columnWidth: 40,
      }}
      pagination={{
        current: view.page,
        pageSize: AUDIT_PAGE_SIZE,
        total: data.total,
        showSizeChanger: false,
        showTotal: (total) => t('auditLog.total', { count: total }),
        responsive: true,
        hideOnSinglePage: false,
      }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('auditLog.emptyFiltered') : t('auditLog.empty')} data-testid="audit-log-empty" />
        ),
      }}
    />
  );
}
