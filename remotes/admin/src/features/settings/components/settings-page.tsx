import type { ReactNode } from 'react';
import { Tabs, Typography } from 'antd';
import { useSearchParams, useTranslation } from '@vitrine/core';
import { SeoPage } from '../../seo/components/seo-page';
import { ProfilePage } from '../../settings-profile/components/profile-page';
import { WhatsappPage } from '../../settings-whatsapp/components/whatsapp-page';
import { SiteSettingsTab } from './site-form';
import { WelcomeMailTab } from './welcome-mail-tab';
import { WebhooksTab } from '../webhooks/components/webhooks-tab';
import './settings-page.css';

const TABS = ['site', 'profile', 'whatsapp', 'welcome', 'seo', 'webhooks'] as const;
type Tab = (typeof TABS)[number];

/**
 * settings: the site's settings in tabs — the company's details (contact, social
 * profiles), then the screens settings-profile, settings-whatsapp and seo themselves, each with its own
 * data and guard (the settings access opens all three), and the newsletter's welcome mail (its texts per language, with
 * a preview), and the webhooks (the endpoints the site's events are sent to). The open tab is in the URL (`?tab=`), so a link
 * or a reload lands on it; a tab's screen is mounted only while open.
 */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'site';
  const content: Record<Tab, ReactNode> = {
    site: <SiteSettingsTab />,
    profile: <ProfilePage />,
    whatsapp: <WhatsappPage />,
    welcome: <WelcomeMailTab />,
    seo: <SeoPage />,
    webhooks: <WebhooksTab />,
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
        items={TABS.map((key) => ({ key, label: t(`settings.tabs.${key}`), children: content[key] }))}
      />
    </div>
  );
}
