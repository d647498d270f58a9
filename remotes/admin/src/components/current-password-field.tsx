import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { LIMITS } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';

/** Two emails are the same address whatever their case (the API's rule: a change of case is no change). */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The API's refusals about the confirming password, said on its field (`current_password`). */
export const CURRENT_PASSWORD_CODES: readonly string[] = ['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_INCORRECT'];

interface CurrentPasswordFieldProps {
  /** The address stored now: the password is asked for once the form's `email` field differs from it. */
  storedEmail: string;
  label: ReactNode;
  extra?: ReactNode;
}

/**
 * The signed-in user's own password, confirming a change of a sign-in email (`current_password`): the API asks
 * for it whoever's email it is, one's own (settings-profile) or someone else's (users). Required while the
 * form's `email` field holds another address than `storedEmail`; the form's own `email` field must exist.
 */
export function CurrentPasswordField({ storedEmail, label, extra }: CurrentPasswordFieldProps) {
  const { t } = useTranslation('admin');
  return (
    <Form.Item
      name="current_password"
      label={label}
      extra={extra}
      dependencies={['email']}
      rules={[
        ({ getFieldValue }) => ({
          validator: (_, value: string | undefined) =>
            !value && !sameEmail((getFieldValue('email') as string | undefined) ?? '', storedEmail)
              ? Promise.reject(new Error(t('errors:CURRENT_PASSWORD_REQUIRED')))
              : Promise.resolve(),
        }),
      ]}
    >
      <Input.Password autoComplete="current-password" maxLength={LIMITS.password} />
    </Form.Item>
  );
}
