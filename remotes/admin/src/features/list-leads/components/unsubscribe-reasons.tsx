import { useState } from 'react';
import { Alert, Button, DatePicker, Empty, Progress, Skeleton, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useUnsubscribeReasons } from '../api/get-unsubscribe-reasons';
import { useReasonName } from '../hooks/use-reason-name';
import { useDates } from '../../../lib/use-dates';

const DAY_FORMAT = 'YYYY-MM-DD';
type Range = [Dayjs, Dayjs];

const lastDays = (days: number): Range => [dayjs().subtract(days - 1, 'day').startOf('day'), dayjs().startOf('day')];

/** Why subscribers left in a period (the last 30 days unless another is chosen), one bar per reason, most frequent first. */
export function UnsubscribeReasons() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const { fail } = useFeedback();
  const reasonName = useReasonName();
  const [range, setRange] = useState<Range>(() => lastDays(30));
  const period = { from: range[0].format(DAY_FORMAT), to: range[1].format(DAY_FORMAT) };
  const reasons = useUnsubscribeReasons(period);
  useReportError(reasons.error, fail);

  const total = reasons.data?.reduce((sum, item) => sum + item.count, 0) ?? 0;
  let body;
  if (reasons.isError && !reasons.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('newsletter.reasons.loadFailed')}
        action={
          <Button size="small" onClick={() => void reasons.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (!reasons.data) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (total === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('newsletter.reasons.empty')} />;
  } else {
    body = (
      <Spin spinning={reasons.isPlaceholderData}>
        <Typography.Text strong>{t('newsletter.reasons.total', { count: total })}</Typography.Text>
        <ul className="vt-reasons" data-testid="unsubscribe-reasons">
          {reasons.data.map((item) => (
            <li key={item.reason ?? 'unknown'} className="vt-reasons__item">
              <span className="vt-reasons__name">{reasonName(item.reason)}</span>
              <Progress percent={Math.round((item.count / total) * 100)} showInfo={false} size="small" aria-label={reasonName(item.reason)} />
              <span className="vt-reasons__count">{item.count}</span>
            </li>
          ))}
        </ul>
      </Spin>
    );
  }

  return (
    <div data-testid="reasons-card">
      <DatePicker.RangePicker
        className="vt-reasons__period"
        classNames={{ popup: { root: 'vt-range-popup' } }}
        aria-label={t('newsletter.reasons.period')}
        format={dates.pickerDate}
        allowClear={false}
        value={range}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        presets={[
          { label: t('dashboard.periods.last7Days'), value: lastDays(7) },
          { label: t('dashboard.periods.last30Days'), value: lastDays(30) },
          { label: t('dashboard.periods.last90Days'), value: lastDays(90) },
          { label: t('dashboard.periods.last12Months'), value: [dayjs().subtract(12, 'month').add(1, 'day').startOf('day'), dayjs().startOf('day')] },
        ]}
        onChange={(picked) => {
          if (picked?.[0] && picked[1]) setRange([picked[0], picked[1]]);
        }}
      />
      {body}
    </div>
  );
}
