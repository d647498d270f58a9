import type { ReactNode } from 'react';
import { Tabs, Typography } from 'antd';
import { useAuth, useSearchParams, useTranslation } from '@vitrine/core';
import { SeoPage } from '../../seo/components/seo-page';
import { ProfilePage } from '../../settings-profile/components/profile-page';
import { WhatsappPage } from '../../settings-whatsapp/components/whatsapp-page';
import { SiteSettingsTab } from './site-form';
import { WelcomeMailTab } from './welcome-mail-tab';
import { WebhooksTab } from '../webhooks/components/webhooks-tab';
import { ReleasesTab } from '../releases/components/releases-tab';
import './settings-page.css';

const TABS = ['site', 'profile', 'whatsapp', 'welcome', 'seo', 'webhooks', 'releases'] as const;
type Tab = (typeof TABS)[number];
/** Tabs only an administrator (user type admin) sees: the API answers them alone. */
const ADMIN_ONLY: ReadonlySet<Tab> = new Set(['releases']);

/**
 * settings: the site's settings in tabs — the company's details (contact, social
 * profiles), then the screens settings-profile, settings-whatsapp and seo themselves, each with its own
 * data and guard (the settings access opens all three), and the newsletter's welcome mail (its texts per language, with
 * a preview), and the webhooks (the endpoints the site's events are sent to). The open tab is in the URL (`?tab=`), so a link
 * or a reload lands on it; a tab's screen is mounted only while open. The remotes' releases (read only) are an
 * administrator's: anyone else has no such tab, and its address opens the first one.
 */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const isAdmin = useAuth((state) => state.authUser?.type === 'admin');
  const tabs = TABS.filter((key) => isAdmin || !ADMIN_ONLY.has(key));
  const asked = params.get('tab');
  const active: Tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'site';
  const content: Record<Tab, ReactNode> = {
    site: <SiteSettingsTab />,
    profile: <ProfilePage />,
    whatsapp: <WhatsappPage />,
    welcome: <WelcomeMailTab />,
    seo: <SeoPage />,
    webhooks: <WebhooksTab />,
    releases: <ReleasesTab />,
  };
  return (
    <div className="vt-settings" data-testid="settings-page">
      <Typography.Title level={3} className="vt-settings__heading">
        {t('settings.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.text')}</Typography.Paragraph>
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (key === 'site') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={tabs.map((key) => ({ key, label: t(`settings.tabs.${key}`), children: content[key] }))}
      />
    </div>
  );
}
