import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Typography } from 'antd';
import { GENDERS, LIMITS, type User } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { formatTaxId, isValidTaxId } from '@vitrine/utils';
import { showFieldErrors, type ServerFieldError } from '../../../lib/field-errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useSaveOwnUser } from '../api/profile';
import { PROFILE_FIELDS, profileChanges, profileValues, type ProfileValues } from '../profile';
import { PhotoField } from './photo-field';

/** The server's field errors in the user's language, by `property.rule` (any other shows the server's text). */
const SERVER_TEXTS: Record<string, string> = {
  'name.isNotEmpty': 'errors:nameRequired',
  'last_name.isNotEmpty': 'errors:lastNameRequired',
  'tax_id.isTaxId': 'profile.errors.taxIdInvalid',
  'photo.isValid': 'errors:INVALID_PHOTO',
};

interface ProfileFormProps {
  user: User;
  onDirty: (dirty: boolean) => void;
}

/**
 * Photo, name, last name, gender, phone, tax id and biography. It checks what the API checks (names
 * required, sizes, a CPF or CNPJ with its check digits right) and what this form asks besides
 * (phone and tax id filled) before sending; only the changed fields are sent.
 */
export function ProfileForm({ user, onDirty }: ProfileFormProps) {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const save = useSaveOwnUser(user);
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const saved = profileValues(user);

  // No photo is null, a value of its own: only undefined (the form not ready yet) falls back.
  const photo = Form.useWatch('photo', form);
  const values: ProfileValues = {
    name: Form.useWatch('name', form) ?? saved.name,
    last_name: Form.useWatch('last_name', form) ?? saved.last_name,
    gender: Form.useWatch('gender', form) ?? saved.gender,
    phone: Form.useWatch('phone', form) ?? saved.phone,
    tax_id: Form.useWatch('tax_id', form) ?? saved.tax_id,
    biography: Form.useWatch('biography', form) ?? saved.biography,
    photo: photo === undefined ? saved.photo : photo,
  };
  const dirty = Object.keys(profileChanges(values, user)).length > 0;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const required = (key: string) => ({ required: true, whitespace: true, message: t(key) });
  const max = (limit: number) => ({ max: limit, message: t('errors:maxLength', { max: limit }) });

  const submit = async (typed: ProfileValues) => {
    const changes = profileChanges(typed, user);
    if (Object.keys(changes).length === 0) return;
    setSaving(true);
    try {
      const result = await save(changes);
      form.setFieldsValue(profileValues(result));
      success(t('profile.saved'));
    } catch (error) {
      const say = ({ property, rule, text }: ServerFieldError<(typeof PROFILE_FIELDS)[number]>) => {
        const key = SERVER_TEXTS[`${property}.${rule}`];
        return key ? t(key) : (text ?? t('errors:VALIDATION_ERROR'));
      };
      if (!showFieldErrors(form, error, PROFILE_FIELDS, say, { focus: true })) fail(error);
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    form.setFieldsValue(saved);
    form.setFields(PROFILE_FIELDS.map((name) => ({ name, errors: [] })));
  };

  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      requiredMark={false}
      initialValues={saved}
      onFinish={(typed) => void submit(typed)}
      scrollToFirstError={{ focus: true }}
      className="vt-profile__form"
      data-testid="profile-form"
    >
      <Form.Item name="photo" label={t('profile.photo.label')} extra={values.photo !== saved.photo ? t('profile.photo.pending') : undefined}>
        <PhotoField name={`${values.name} ${values.last_name}`.trim()} />
      </Form.Item>
      <div className="vt-profile__grid">
        <Form.Item name="name" label={t('profile.fields.name')} rules={[required('errors:nameRequired'), max(LIMITS.name)]}>
          <Input autoComplete="given-name" maxLength={LIMITS.name} />
        </Form.Item>
        <Form.Item name="last_name" label={t('profile.fields.lastName')} rules={[required('errors:lastNameRequired'), max(LIMITS.name)]}>
          <Input autoComplete="family-name" maxLength={LIMITS.name} />
        </Form.Item>
        <Form.Item name="gender" label={t('profile.fields.gender')} extra={t('profile.fields.genderHelp')}>
          <Select options={GENDERS.map((gender) => ({ value: gender, label: t(`profile.genders.${gender}`) }))} />
        </Form.Item>
        <Form.Item name="phone" label={t('profile.fields.phone')} rules={[required('errors:phoneRequired'), max(LIMITS.phone)]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={LIMITS.phone} placeholder="+55 11 91234-5678" />
        </Form.Item>
        <Form.Item
          name="tax_id"
          label={t('profile.fields.taxId')}
          extra={t('profile.fields.taxIdHelp')}
          rules={[
            required('errors:taxIdRequired'),
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || isValidTaxId(value) ? Promise.resolve() : Promise.reject(new Error(t('profile.errors.taxIdInvalid'))),
            },
          ]}
        >
          <Input
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={LIMITS.taxId}
            placeholder="000.000.000-00"
            onBlur={(event) => {
              // A valid id takes its usual mask as soon as it is typed; an invalid one stays as typed.
              const formatted = formatTaxId(event.target.value);
              if (formatted !== event.target.value && isValidTaxId(formatted)) form.setFieldValue('tax_id', formatted);
            }}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="biography"
        className="vt-profile__counted"
        label={t('profile.fields.biography')}
        extra={t('profile.fields.biographyHelp')}
        rules={[max(LIMITS.biography)]}
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={LIMITS.biography} showCount />
      </Form.Item>
      <div className="vt-profile__actions">
        <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
          {t('profile.save')}
        </Button>
        <Button disabled={!dirty || saving} onClick={discard}>
          {t('profile.discard')}
        </Button>
        {dirty && (
          <Typography.Text type="warning" data-testid="profile-unsaved">
            {t('profile.unsaved')}
          </Typography.Text>
        )}
      </div>
    </Form>
  );
}
