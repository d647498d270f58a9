import { useMemo, useState } from 'react';
import { Alert, AutoComplete, Button, Form, InputNumber, Select, Skeleton, Typography } from 'antd';
import type { DigestSettingsValue } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useDigestSettings, useSaveDigestSettings } from '../api/digest-settings';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const FIELDS: readonly (keyof DigestSettingsValue)[] = ['day', 'hour', 'timeZone', 'ratePerSecond'];
/** The API's bounds (DigestSettingsSchema). */
const RATE = { min: 1, max: 500 } as const;
const TIME_ZONE_MAX = 64;

/** The zones offered first: Brazil's, then a few the company's customers are likely in. */
const COMMON_ZONES = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Belem',
  'America/Cuiaba',
  'America/Porto_Velho',
  'America/Rio_Branco',
  'America/Noronha',
  'America/Argentina/Buenos_Aires',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Paris',
  'UTC',
];

/** Every zone this browser knows, the common ones first. */
function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...COMMON_ZONES, ...all.filter((zone) => !COMMON_ZONES.includes(zone))];
}

/** The digest's schedule: weekday, hour, time zone and sending rate, checked with the API's own bounds. */
export function DigestSettingsForm() {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const settings = useDigestSettings();
  useReportError(settings.error, fail);
  const save = useSaveDigestSettings();
  const [form] = Form.useForm<DigestSettingsValue>();
  const [saving, setSaving] = useState(false);
  const zones = useMemo(timeZones, []);
  const zone = Form.useWatch('timeZone', form) ?? '';
  const zoneOptions = useMemo(() => {
    const typed = zone.trim().toLowerCase();
    const matching = typed && !COMMON_ZONES.some((z) => z.toLowerCase() === typed) ? zones.filter((z) => z.toLowerCase().includes(typed)) : zones;
    return matching.slice(0, 60).map((value) => ({ value }));
  }, [zone, zones]);

  if (settings.isError && !settings.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('newsletter.settings.loadFailed')}
        action={
          <Button size="small" onClick={() => void settings.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!settings.data) return <Skeleton active paragraph={{ rows: 4 }} />;

  const submit = async (values: DigestSettingsValue) => {
    setSaving(true);
    try {
      const saved = await save({ ...values, timeZone: values.timeZone.trim() });
      form.setFieldsValue(saved);
      success(t('newsletter.settings.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      if (fields.length === 0) fail(error);
      else {
        form.setFields(
          fields.map(({ property, text }) => ({
            name: property,
            errors: [property === 'timeZone' ? t('newsletter.settings.errors.timeZone') : (text ?? t('errors:VALIDATION_ERROR'))],
          })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('newsletter.settings.required') };
  return (
    <Form<DigestSettingsValue>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={settings.data}
      onFinish={(values) => void submit(values)}
      className="vt-newsletter__settings"
      data-testid="digest-settings"
    >
      <Typography.Paragraph type="secondary">{t('newsletter.settings.text')}</Typography.Paragraph>
      <div className="vt-newsletter__when">
        <Form.Item name="day" label={t('newsletter.settings.day')} rules={[required]}>
          <Select<number> options={DAYS.map((day, index) => ({ value: index, label: t(`newsletter.days.${day}`) }))} />
        </Form.Item>
        <Form.Item name="hour" label={t('newsletter.settings.hour')} rules={[required]}>
          <Select<number> options={HOURS.map((hour) => ({ value: hour, label: `${String(hour).padStart(2, '0')}:00` }))} />
        </Form.Item>
      </div>
      <Form.Item
        name="timeZone"
        label={t('newsletter.settings.timeZone')}
        extra={t('newsletter.settings.timeZoneHelp')}
        rules={[{ ...required, whitespace: true }, { max: TIME_ZONE_MAX }]}
      >
        <AutoComplete options={zoneOptions} maxLength={TIME_ZONE_MAX} />
      </Form.Item>
      <Form.Item name="ratePerSecond" label={t('newsletter.settings.rate')} extra={t('newsletter.settings.rateHelp')} rules={[required]}>
        <InputNumber<number> min={RATE.min} max={RATE.max} precision={0} step={1} className="vt-newsletter__rate" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('common:actions.save')}
      </Button>
    </Form>
  );
}
