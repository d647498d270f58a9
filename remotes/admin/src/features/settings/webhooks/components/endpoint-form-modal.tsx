import { useEffect, useState } from 'react';
import { Checkbox, Form, Input, Modal, Switch, Typography } from 'antd';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { showFieldErrors, type ServerFieldError } from '../../../../lib/field-errors';
import { useFeedback } from '../../../../lib/use-feedback';
import { ENDPOINT_LIMITS, EVENT_LIST, eventTextKey, NEW_ENDPOINT, toBody, toFormValues, urlErrorKey, urlProblem, type EndpointFormValues } from '../webhooks-view';

const SERVER_FIELDS = ['url', 'description', 'events'] as const;
type ServerField = (typeof SERVER_FIELDS)[number];

interface Props {
  open: boolean;
  /** The endpoint to edit; none to add one. */
  endpoint: WebhookEndpoint | null;
  save: (endpoint: WebhookEndpoint | null, body: ReturnType<typeof toBody>) => Promise<WebhookEndpointWithSecret | null>;
  onClose: () => void;
  /** A new endpoint, with its secret to show once. */
  onCreated: (created: WebhookEndpointWithSecret) => void;
}

/**
 * Add or edit an endpoint: its URL, a description for the staff, the events it wants (each with what it is) and
 * on or off. It checks the URL as the API does before sending; the API's refusals (an address in a private or
 * internal network, a name that does not resolve…) land on their field, in the interface language.
 */
export function EndpointFormModal({ open, endpoint, save, onClose, onCreated }: Props) {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const [form] = Form.useForm<EndpointFormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(endpoint ? toFormValues(endpoint) : NEW_ENDPOINT);
  }, [open, endpoint, form]);

  const say = ({ property, rule }: ServerFieldError<ServerField>) => {
    if (property === 'url') return t(urlErrorKey(rule));
    if (property === 'description') return t('webhooks.errors.description', { max: ENDPOINT_LIMITS.description });
    return t('webhooks.errors.events');
  };

  const submit = async (values: EndpointFormValues) => {
    setSaving(true);
    try {
      const created = await save(endpoint, toBody(values));
      onClose();
      if (created) onCreated(created);
    } catch (error) {
      if (!showFieldErrors(form, error, SERVER_FIELDS, say, { focus: true })) fail(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.newTitle')}
      okText={endpoint ? t('common:actions.save') : t('webhooks.form.create')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      forceRender
      width={640}
      data-testid="webhook-form"
    >
      <Form<EndpointFormValues> form={form} layout="vertical" initialValues={NEW_ENDPOINT} onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="url"
          label={t('webhooks.form.url')}
          extra={t('webhooks.form.urlHelp')}
          rules={[
            {
              validator: (_, value?: string) => {
                const problem = urlProblem(value ?? '');
                return problem ? Promise.reject(new Error(t(urlErrorKey(problem)))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input type="url" inputMode="url" maxLength={ENDPOINT_LIMITS.url} placeholder={t('webhooks.form.urlPlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('webhooks.form.description')} extra={t('webhooks.form.descriptionHelp')}>
          <Input maxLength={ENDPOINT_LIMITS.description} showCount />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhooks.form.events')}
          extra={t('webhooks.form.eventsHelp')}
          rules={[{ validator: (_, value?: string[]) => (value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(t('webhooks.errors.events')))) }]}
        >
          <Checkbox.Group className="vt-webhooks__events">
            {EVENT_LIST.map((event) => {
              const key = eventTextKey(event);
              const help = `webhook-event-help-${event.replace('.', '-')}`;
              return (
                <div key={event} className="vt-webhooks__event">
                  <Checkbox value={event} aria-describedby={help}>
                    {t(`webhooks.events.${key}.label`)} <code className="vt-webhooks__code">{event}</code>
                  </Checkbox>
                  <Typography.Text type="secondary" id={help} className="vt-webhooks__event-help">
                    {t(`webhooks.events.${key}.help`)}
                  </Typography.Text>
                </div>
              );
            })}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="enabled" label={t('webhooks.form.enabled')} extra={t('webhooks.form.enabledHelp')} valuePropName="checked">
          <Switch checkedChildren={t('webhooks.on')} unCheckedChildren={t('webhooks.off')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
