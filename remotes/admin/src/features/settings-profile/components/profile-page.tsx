import { useId, useMemo, useState } from 'react';
import { Alert, Button, Skeleton, Typography } from 'antd';
import type { User } from '@vitrine/contracts';
import { useAuth, useTranslation } from '@vitrine/core';
import { useFeedback, useReportError } from '../../../lib/use-feedback';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useOwnUser } from '../api/profile';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import './profile-page.css';

type Section = 'profile' | 'email' | 'password';

/**
 * settings-profile: the signed-in user's own record — photo (cropped square), name,
 * gender, phone, tax id (CPF or CNPJ) and biography; the email, which takes the current password; and
 * the password, with the policy's live checklist. Every save refreshes the session user at once.
 */
export function ProfilePage() {
  const { t } = useTranslation('admin');
  const session = useAuth((s) => s.authUser);

  return (
    <div className="vt-profile" data-testid="profile-page">
      <Typography.Title level={3} className="vt-profile__heading">
        {t('profile.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="vt-profile__intro">
        {t('profile.text')}
      </Typography.Paragraph>
      {/* The route needs a session; the guard sends anyone without one to login first. */}
      {session && <OwnRecord id={session.id} />}
    </div>
  );
}

function OwnRecord({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const { fail } = useFeedback();
  const user = useOwnUser(id);
  useReportError(user.error, fail);

  if (user.isError && !user.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('profile.loadFailed')}
        data-testid="profile-error"
        action={
          <Button size="small" onClick={() => void user.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!user.data) return <Skeleton active paragraph={{ rows: 10 }} data-testid="profile-loading" />;
  return <Sections user={user.data} />;
}

/** The three forms, each saved on its own; leaving with anything unsaved in any of them asks first. */
function Sections({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [dirty, setDirty] = useState<Record<Section, boolean>>({ profile: false, email: false, password: false });
  const report = useMemo(() => {
    const of = (section: Section) => (value: boolean) => setDirty((current) => (current[section] === value ? current : { ...current, [section]: value }));
    return { profile: of('profile'), email: of('email'), password: of('password') };
  }, []);
  useLeaveGuard(dirty.profile || dirty.email || dirty.password, { title: t('profile.leave.title'), text: t('profile.leave.text') });

  return (
    <div className="vt-profile__sections">
      <section className="vt-profile__card" aria-labelledby={`${id}-personal`} data-testid="profile-section">
        <Typography.Title level={4} id={`${id}-personal`} className="vt-profile__card-title">
          {t('profile.sections.profile')}
        </Typography.Title>
        <ProfileForm user={user} onDirty={report.profile} />
      </section>
      <section className="vt-profile__card" aria-labelledby={`${id}-email`} data-testid="email-section">
        <Typography.Title level={4} id={`${id}-email`} className="vt-profile__card-title">
          {t('profile.sections.email')}
        </Typography.Title>
        <EmailForm user={user} onDirty={report.email} />
      </section>
      <section className="vt-profile__card" aria-labelledby={`${id}-password`} data-testid="password-section">
        <Typography.Title level={4} id={`${id}-password`} className="vt-profile__card-title">
          {t('profile.sections.password')}
        </Typography.Title>
        <PasswordForm onDirty={report.password} />
      </section>
    </div>
  );
}
