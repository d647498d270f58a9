import { useEffect, useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { isValidEmail, LIMITS, type ErrorEnvelope, type User } from '@vitrine/contracts';
import { isHttpError, useTranslation } from '@vitrine/core';
import { CURRENT_PASSWORD_CODES, CurrentPasswordField, sameEmail } from '../../../components/current-password-field';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useSaveOwnUser } from '../api/profile';

interface EmailValues {
  email: string;
  current_password: string;
}

/** The API's refusals that belong to one field of this form, by code. */
const CODE_FIELDS: Record<string, keyof EmailValues> = {
  ...Object.fromEntries(CURRENT_PASSWORD_CODES.map((code) => [code, 'current_password' as const])),
  EMAIL_ALREADY_REGISTERED: 'email',
};

/** The field and text of a refusal this form shows on a field (none: the common handler reports it). */
function fieldError(error: unknown): { field: keyof EmailValues; key: string; text?: string } | null {
  const emailErrors = serverFieldErrors(error, ['email', 'current_password'] as const);
  if (emailErrors[0]) {
    const { property, rule, text } = emailErrors[0];
    return property === 'email' && rule === 'isEmail' ? { field: 'email', key: 'errors:invalidEmail' } : { field: property, key: 'errors:VALIDATION_ERROR', ...(text ? { text } : {}) };
  }
  if (!isHttpError(error)) return null;
  const code = (error.response?.data as Partial<ErrorEnvelope> | undefined)?.code;
  const field = code ? CODE_FIELDS[code] : undefined;
  return field && code ? { field, key: `errors:${code}` } : null;
}

/**
 * The sign-in email. Changing it takes the current password (the API checks it: a stolen open session
 * cannot take the account over); its refusals land on their fields in the user's language.
 */
export function EmailForm({ user, onDirty }: { user: User; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const save = useSaveOwnUser(user);
  const [form] = Form.useForm<EmailValues>();
  const [saving, setSaving] = useState(false);
  const email = Form.useWatch('email', form) ?? user.email;
  const password = Form.useWatch('current_password', form) ?? '';
  const changed = !sameEmail(email, user.email);
  useEffect(() => onDirty(changed || password !== ''), [changed, password, onDirty]);

  const submit = async ({ email: typed, current_password }: EmailValues) => {
    setSaving(true);
    try {
      const result = await save({ email: typed.trim(), current_password });
      form.setFieldsValue({ email: result.email, current_password: '' });
      success(t('profile.email.saved'));
    } catch (error) {
      const refusal = fieldError(error);
      if (!refusal) fail(error);
      else {
        form.setFields([{ name: refusal.field, errors: [refusal.text ?? t(refusal.key)] }]);
        form.scrollToField(refusal.field, { focus: true });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<EmailValues>
      form={form}
      name="email"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: user.email, current_password: '' }}
      onFinish={(values) => void submit(values)}
      scrollToFirstError={{ focus: true }}
      className="vt-profile__form"
      data-testid="email-form"
    >
      <Typography.Paragraph type="secondary">{t('profile.email.text')}</Typography.Paragraph>
      <div className="vt-profile__grid">
        <Form.Item
          name="email"
          label={t('profile.email.field')}
          rules={[
            { required: true, whitespace: true, message: t('errors:emailRequired') },
            { validator: (_, value: string | undefined) => (!value?.trim() || isValidEmail(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('errors:invalidEmail')))) },
          ]}
        >
          <Input type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} />
        </Form.Item>
        <CurrentPasswordField storedEmail={user.email} label={t('profile.email.currentPassword')} />
      </div>
      <div className="vt-profile__actions">
        <Button type="primary" htmlType="submit" loading={saving} disabled={!changed}>
          {t('profile.email.submit')}
        </Button>
      </div>
    </Form>
  );
}
