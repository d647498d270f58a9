import { useEffect, useId, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Form, Input, Select, Space, Tooltip } from 'antd';
import { ACCESSES, GENDERS, isValidEmail, LIMITS, USER_TYPES, type User, type UserCreated } from '@vitrine/contracts';
import { handleError, useTranslation } from '@vitrine/core';
import { CURRENT_PASSWORD_CODES, CurrentPasswordField, sameEmail } from '../../../components/current-password-field';
import { serverFieldErrors } from '../../../lib/field-errors';
import type { useUserActions } from '../api/use-user-actions';
import {
  createInput,
  emptyValues,
  manageDenial,
  mayChangeEmail,
  mayChooseType,
  mayToggleAccess,
  proposeAccesses,
  statusChange,
  updateInput,
  valuesOf,
  type Actor,
  type UserFormValues,
} from '../users-view';

type UserActions = ReturnType<typeof useUserActions>;

const FIELDS = ['name', 'last_name', 'email', 'position', 'type', 'accesses', 'gender', 'phone', 'tax_id', 'biography', 'current_password'] as const;
type Field = (typeof FIELDS)[number];
/** The shared texts (errors namespace) of a missing required field. */
const REQUIRED: Partial<Record<Field, string>> = {
  name: 'errors:nameRequired',
  last_name: 'errors:lastNameRequired',
  email: 'errors:emailRequired',
  position: 'errors:positionRequired',
};
/** API codes said on the field they are about; any other failure is said above the form. */
const CODE_FIELDS: Partial<Record<string, Field>> = {
  EMAIL_ALREADY_REGISTERED: 'email',
  TARGET_ACCESS_NOT_HELD: 'email',
  ACCESS_NOT_HELD: 'accesses',
  ...Object.fromEntries(CURRENT_PASSWORD_CODES.map((code) => [code, 'current_password' as const])),
};

interface UserFormDrawerProps {
  open: boolean;
  /** The user to edit; none to add one. */
  user: User | null;
  actor: Actor;
  /** Who creates (the API checks it is the caller). */
  me: Pick<User, 'id' | 'unique_key'> | null;
  actions: UserActions;
  onClose: () => void;
  /** A user was added: its credentials are shown once. */
  onCreated: (created: UserCreated) => void;
}

/**
 * Add or edit a user in a side panel. Choosing a type checks its default accesses (contracts'
 * USER_TYPE_DEFAULT_ACCESSES); what stays checked is saved. What the API would refuse is not offered:
 * accesses the signed-in user does not hold are disabled, the admin type is an admin's to give, one's
 * own status is not theirs to change, someone's email is locked to whoever lacks one of their accesses. A
 * changed email asks for the signed-in user's own password, which confirms it (as the own profile does).
 * The API's refusals are still said, on their field when they have one.
 */
export function UserFormDrawer({ open, user, actor, me, actions, onClose, onCreated }: UserFormDrawerProps) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notHeldId = useId();
  const accesses = Form.useWatch('accesses', form);
  const typedEmail = Form.useWatch('email', form);
  const emailChanged = user !== null && typeof typedEmail === 'string' && !sameEmail(typedEmail, user.email);
  const emailLocked = user !== null && !mayChangeEmail(user, actor);
  const statusDenied = user ? manageDenial(user, actor) : null;
  const someNotHeld = ACCESSES.some((access) => !mayToggleAccess(access, actor));

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(user ? valuesOf(user) : emptyValues(actor));
  }, [open, user, actor, form]);

  const showFailure = (error: unknown) => {
    const fields = serverFieldErrors(error, FIELDS);
    if (fields.length > 0) {
      form.setFields(
        fields.map(({ property, rule, text }) => {
          const required = REQUIRED[property];
          let message = text ?? t('errors:VALIDATION_ERROR');
          if (rule === 'isNotEmpty' && required) message = t(required);
          else if (rule === 'isEmail') message = t('errors:invalidEmail');
          return { name: property, errors: [message] };
        }),
      );
      return;
    }
    // The common handler says the code in the user's language (and handles an expired session).
    const handled = handleError(error);
    if (handled.statusCode === 401) return;
    const field = handled.code ? CODE_FIELDS[handled.code] : undefined;
    if (field) form.setFields([{ name: field, errors: [handled.message] }]);
    else setFailure(handled.message);
  };

  const submit = async (values: UserFormValues) => {
    setFailure(null);
    if (user) {
      const input = updateInput(values, user);
      const status = statusDenied ? null : statusChange(values, user);
      if (Object.keys(input).length === 0 && !status) {
        onClose();
        return;
      }
      if (status && !(await actions.confirmStatus(user, status))) return;
      setSaving(true);
      try {
        await actions.update(user, input, status);
        onClose();
      } catch (error) {
        showFailure(error);
      } finally {
        setSaving(false);
      }
      return;
    }
    if (!me) return;
    setSaving(true);
    try {
      const created = await actions.create(createInput(values, me));
      onClose();
      onCreated(created);
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const required = (field: keyof typeof REQUIRED) => ({ required: true, whitespace: true, message: t(REQUIRED[field] ?? 'errors:required') });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={user ? t('users.edit') : t('users.add')}
      size="min(560px, 100vw)"
      forceRender
      data-testid="user-form-drawer"
      footer={
        <Space className="vt-users__drawer-footer">
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('common:actions.save')}
          </Button>
        </Space>
      }
    >
      {!user && <Alert type="info" showIcon className="vt-users__form-note" title={t('users.form.firstAccessNote')} />}
      {failure && <Alert type="error" showIcon className="vt-users__form-note" title={failure} data-testid="user-form-error" />}
      <Form<UserFormValues>
        form={form}
        name="user-form"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Partial<UserFormValues>) => {
          if (changed.type) form.setFieldValue('accesses', proposeAccesses(changed.type, form.getFieldValue('accesses') ?? [], actor));
        }}
      >
        <div className="vt-users__form-row">
          <Form.Item name="name" label={t('users.fields.name')} rules={[required('name')]}>
            <Input maxLength={LIMITS.name} autoComplete="off" />
          </Form.Item>
          <Form.Item name="last_name" label={t('users.fields.lastName')} rules={[required('last_name')]}>
            <Input maxLength={LIMITS.name} autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item
          name="email"
          label={t('users.fields.email')}
          validateFirst
          extra={emailLocked ? t('users.form.emailNotHeld') : undefined}
          rules={[required('email'), { validator: (_, value: string | undefined) => (isValidEmail((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t('errors:invalidEmail')))) }]}
        >
          <Input type="email" maxLength={LIMITS.email} autoComplete="off" disabled={emailLocked} />
        </Form.Item>
        {user && emailChanged && <CurrentPasswordField storedEmail={user.email} label={t('users.form.yourPassword')} extra={t('users.form.yourPasswordHelp')} />}
        <Form.Item name="position" label={t('users.fields.position')} rules={[required('position')]}>
          <Input maxLength={LIMITS.position} />
        </Form.Item>
        <div className="vt-users__form-row">
          <Form.Item
            name="type"
            label={t('users.fields.type')}
            extra={actor.type === 'admin' ? t('users.form.typeHelp') : `${t('users.form.typeHelp')} ${t('users.form.adminTypeOnly')}`}
          >
            <Select
              options={USER_TYPES.map((value) => ({
                value,
                label: t(`users.types.${value}`),
                disabled: !mayChooseType(value, actor) && value !== user?.type,
              }))}
            />
          </Form.Item>
          {user && (
            <Form.Item
              name="status"
              label={t('users.fields.status')}
              extra={statusDenied === 'self' ? t('users.cannotChangeOwnStatus') : user.status === 'first-access' ? t('users.form.firstAccessStatus') : undefined}
            >
              <Select
                disabled={statusDenied !== null}
                options={[
                  ...(user.status === 'first-access' ? [{ value: 'first-access', label: t('users.statuses.first-access') }] : []),
                  // A first-access user becomes active by choosing a password, never from here.
                  ...(user.status === 'first-access' ? [] : [{ value: 'active', label: t('users.statuses.active') }]),
                  { value: 'inactive', label: t('users.statuses.inactive') },
                  { value: 'blocked', label: t('users.statuses.blocked') },
                ]}
              />
            </Form.Item>
          )}
        </div>
        <Form.Item
          name="accesses"
          label={<span id={`${notHeldId}-label`}>{t('users.fields.accesses')}</span>}
          extra={
            <>
              {someNotHeld && <span id={notHeldId}>{t('users.form.notHeldNote')} </span>}
              {accesses?.length === 0 && <span className="vt-users__warning">{t('users.form.noAccesses')}</span>}
            </>
          }
        >
          <Checkbox.Group className="vt-users__access-list" role="group" aria-labelledby={`${notHeldId}-label`}>
            {ACCESSES.map((access) => {
              const held = mayToggleAccess(access, actor);
              const box = (
                <Checkbox value={access} disabled={!held} aria-describedby={held ? undefined : notHeldId}>
                  {t(`users.accesses.${access}`)}
                </Checkbox>
              );
              return (
                <span key={access} className="vt-users__access">
                  {held ? box : <Tooltip title={t('users.form.notHeld')}>{box}</Tooltip>}
                </span>
              );
            })}
          </Checkbox.Group>
        </Form.Item>
        <div className="vt-users__form-row">
          <Form.Item name="gender" label={t('users.fields.gender')}>
            <Select options={GENDERS.map((value) => ({ value, label: t(`users.genders.${value}`) }))} />
          </Form.Item>
          <Form.Item name="phone" label={t('users.fields.phone')}>
            <Input type="tel" maxLength={LIMITS.phone} />
          </Form.Item>
        </div>
        <Form.Item name="tax_id" label={t('users.fields.taxId')}>
          <Input maxLength={LIMITS.taxId} />
        </Form.Item>
        <Form.Item name="biography" label={t('users.fields.biography')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={LIMITS.biography} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
