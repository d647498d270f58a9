import { useId } from 'react';
import { Button, DatePicker, Select } from 'antd';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import dayjs, { type Dayjs } from 'dayjs';
// The date picker's month and day names in Portuguese (antd's pt_BR locale names this dayjs locale).
import 'dayjs/locale/pt-br';
import { AUDIT_RECORD_TYPES, type AuditRecordType } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { CLEARED_FILTERS, hasFilters, recordOf, type AuditLogView, type Translate } from '../audit-log-view';
import type { UpdateView } from './audit-log-page';
import { useDates } from '../../../lib/use-dates';

const DAY_FORMAT = 'YYYY-MM-DD';

interface AuditLogFiltersProps {
  view: AuditLogView;
  update: UpdateView;
  /** The staff to choose from ("Name Lastname"). */
  people: { value: number; label: string }[];
  peopleLoading: boolean;
  /** The chosen person's name when they are not among `people` (a former user): from the entries shown. */
  actorName?: string;
}

/** Person, record type, period (and a record, from a row's button), all in the URL; they wrap on a narrow screen. */
export function AuditLogFilters({ view, update, people, peopleLoading, actorName }: AuditLogFiltersProps) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const ids = { start: useId(), end: useId() };
  const record = view.type && view.record ? recordOf({ record_type: view.type, record_id: view.record }, t as Translate, 'label') : undefined;
  const range: [Dayjs | null, Dayjs | null] = [view.from ? dayjs(view.from) : null, view.to ? dayjs(view.to) : null];
  // A person the list does not hold (deleted, or past the first 100) still shows by name.
  const options =
    view.actor !== undefined && !people.some((person) => person.value === view.actor)
      ? [...people, { value: view.actor, label: actorName || t('auditLog.filters.personId', { id: view.actor }) }]
      : people;

  return (
    <div className="vt-audit__filters" data-testid="audit-log-filters">
      <Select<number>
        className="vt-audit__person"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('auditLog.filters.allPeople')}
        aria-label={t('auditLog.filters.person')}
        loading={peopleLoading}
        value={view.actor}
        onChange={(actor) => update({ actor })}
        options={options}
      />
      <Select<AuditRecordType>
        className="vt-audit__type"
        allowClear
        placeholder={t('auditLog.filters.allTypes')}
        aria-label={t('auditLog.filters.type')}
        value={view.type}
        onChange={(type) => update({ type })}
        options={AUDIT_RECORD_TYPES.map((value) => ({ value, label: t(`auditLog.types.${value}`) }))}
      />
      <div role="group" aria-label={t('auditLog.filters.period')} className="vt-audit__period">
        <label htmlFor={ids.start} className="vt-visually-hidden">
          {t('auditLog.filters.periodFrom')}
        </label>
        <label htmlFor={ids.end} className="vt-visually-hidden">
          {t('auditLog.filters.periodTo')}
        </label>
        <DatePicker.RangePicker
          id={ids}
          className="vt-audit__range"
          classNames={{ popup: { root: 'vt-range-popup' } }}
          format={dates.pickerDate}
          allowEmpty={[true, true]}
          placeholder={[t('auditLog.filters.from'), t('auditLog.filters.to')]}
          value={range[0] || range[1] ? range : null}
          onChange={(picked) => update({ from: picked?.[0]?.format(DAY_FORMAT) ?? undefined, to: picked?.[1]?.format(DAY_FORMAT) ?? undefined })}
        />
      </div>
      {record && (
        <Button
          size="small"
          className="vt-audit__record"
          icon={<CloseOutlined />}
          aria-label={t('auditLog.filters.removeRecord', { record })}
          onClick={() => update({ record: undefined })}
        >
          {t('auditLog.filters.onlyRecord', { record })}
        </Button>
      )}
      {hasFilters(view) && (
        <Button type="link" className="vt-audit__clear" onClick={() => update(CLEARED_FILTERS)}>
          {t('auditLog.filters.clear')}
        </Button>
      )}
    </div>
  );
}
