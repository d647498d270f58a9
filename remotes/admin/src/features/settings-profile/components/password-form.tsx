import { useEffect, useId, useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { checkNewPassword, LIMITS, type ChangePasswordInput, type ErrorEnvelope, type NewPasswordProblem } from '@vitrine/contracts';
import { isHttpError, useTranslation } from '@vitrine/core';
import { PasswordChecklist } from '@vitrine/ui';
import { useFeedback } from '../../../lib/use-feedback';
import { useChangePassword } from '../api/profile';

type Field = keyof ChangePasswordInput;
const FIELDS: readonly Field[] = ['current_password', 'new_password', 'confirm_password'];
const EMPTY: ChangePasswordInput = { current_password: '', new_password: '', confirm_password: '' };

/** The common error messages, in the user's language (errors namespace), by the contracts' problem or the API's code. */
const TEXTS: Record<NewPasswordProblem | 'CURRENT_PASSWORD_INCORRECT', string> = {
  PASSWORD_FIELDS_REQUIRED: 'errors:passwordFieldsRequired',
  WEAK_PASSWORD: 'errors:passwordWeak',
  PASSWORDS_DO_NOT_MATCH: 'errors:passwordsDoNotMatch',
  CURRENT_PASSWORD_INCORRECT: 'errors:CURRENT_PASSWORD_INCORRECT',
};

/** Where a problem is shown: the first empty field, the new password (weak), the confirmation, the current password. */
function fieldOf(problem: keyof typeof TEXTS, values: ChangePasswordInput): Field {
  switch (problem) {
    case 'PASSWORD_FIELDS_REQUIRED':
      return FIELDS.find((field) => !values[field]) ?? 'current_password';
    case 'WEAK_PASSWORD':
      return 'new_password';
    case 'PASSWORDS_DO_NOT_MATCH':
      return 'confirm_password';
    case 'CURRENT_PASSWORD_INCORRECT':
      return 'current_password';
  }
}

/**
 * Current, new and confirmed password, with the policy's live checklist (@vitrine/ui, over contracts'
 * passwordPolicy). The contracts' checkNewPassword runs first, in the API's order; the API's refusals
 * land on their fields. The other sessions end on success; this one stays.
 */
export function PasswordForm({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const change = useChangePassword();
  const checklistId = useId();
  const [form] = Form.useForm<ChangePasswordInput>();
  const [saving, setSaving] = useState(false);
  const values: ChangePasswordInput = {
    current_password: Form.useWatch('current_password', form) ?? '',
    new_password: Form.useWatch('new_password', form) ?? '',
    confirm_password: Form.useWatch('confirm_password', form) ?? '',
  };
  const typed = FIELDS.some((field) => values[field] !== '');
  useEffect(() => onDirty(typed), [typed, onDirty]);

  const show = (problem: keyof typeof TEXTS, typedValues: ChangePasswordInput) => {
    const field = fieldOf(problem, typedValues);
    form.setFields(FIELDS.map((name) => ({ name, errors: name === field ? [t(TEXTS[problem])] : [] })));
    form.scrollToField(field, { focus: true });
  };

  const submit = async () => {
    const input = { ...EMPTY, ...form.getFieldsValue() };
    const problem = checkNewPassword({ current: input.current_password, password: input.new_password, confirm: input.confirm_password }, true);
    if (problem) return show(problem, input);
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    setSaving(true);
    try {
      await change(input);
      form.setFieldsValue(EMPTY);
      success(t('profile.password.saved'));
    } catch (error) {
      const code = isHttpError(error) ? (error.response?.data as Partial<ErrorEnvelope> | undefined)?.code : undefined;
      if (code && code in TEXTS) show(code as keyof typeof TEXTS, input);
      else fail(error);
    } finally {
      setSaving(false);
    }
  };

  // The fields clear their own message as they are typed in again.
  const clearOnChange = (field: Field) => () => {
    if (form.getFieldError(field).length) form.setFields([{ name: field, errors: [] }]);
  };

  return (
    <Form<ChangePasswordInput>
      form={form}
      name="password"
      layout="vertical"
      requiredMark={false}
      initialValues={EMPTY}
      onFinish={() => void submit()}
      className="vt-profile__form"
      data-testid="password-form"
    >
      <Typography.Paragraph type="secondary">{t('profile.password.text')}</Typography.Paragraph>
      <div className="vt-profile__password">
        <Form.Item name="current_password" label={t('profile.password.current')}>
          <Input.Password autoComplete="current-password" maxLength={LIMITS.password} onChange={clearOnChange('current_password')} />
        </Form.Item>
        <Form.Item name="new_password" label={t('profile.password.new')}>
          <Input.Password autoComplete="new-password" maxLength={LIMITS.password} aria-describedby={checklistId} onChange={clearOnChange('new_password')} />
        </Form.Item>
        <Form.Item name="confirm_password" label={t('profile.password.confirm')}>
          <Input.Password autoComplete="new-password" maxLength={LIMITS.password} onChange={clearOnChange('confirm_password')} />
        </Form.Item>
      </div>
      <div id={checklistId} className="vt-profile__checklist" data-testid="password-checklist">
        <PasswordChecklist password={values.new_password} confirm={values.confirm_password} />
      </div>
      <div className="vt-profile__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.password.submit')}
        </Button>
      </div>
    </Form>
  );
}
