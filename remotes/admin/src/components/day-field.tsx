import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { AntdScope } from '../lib/antd-scope';
import { useDates } from '../lib/use-dates';

/** How a day travels (the URL, the API): YYYY-MM-DD. */
const DAY = 'YYYY-MM-DD';

export interface DayFieldProps {
  id: string;
  /** The day shown, YYYY-MM-DD ('' for none). */
  value: string;
  /** The last day that may be picked, YYYY-MM-DD. */
  max: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  className?: string;
  /** The day picked or typed, YYYY-MM-DD; '' once cleared. */
  onChange: (day: string) => void;
}

/**
 * One day, shown and typed in the interface language's format (DD/MM/YYYY; MM/DD/YYYY in en-US: `useDates().pickerDate`)
 * with a calendar in that language (antd's texts and dayjs' month names, from AntdScope) — not the browser's date
 * field, which writes the browser's format whatever the interface's language. Its own chunk with antd: a screen
 * without antd (the dashboard) fetches it only when it shows a day field.
 */
export default function DayField({ id, value, max, invalid, describedBy, className, onChange }: DayFieldProps) {
  const dates = useDates();
  const last = dayjs(max);
  const day = value ? dayjs(value) : null;
  return (
    <AntdScope>
      <DatePicker
        id={id}
        className={className}
        format={dates.pickerDate}
        value={day?.isValid() ? day : null}
        disabledDate={(candidate) => candidate.isAfter(last, 'day')}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        aria-required
        onChange={(picked) => onChange(picked ? picked.format(DAY) : '')}
      />
    </AntdScope>
  );
}
