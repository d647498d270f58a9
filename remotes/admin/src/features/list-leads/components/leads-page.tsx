import { Tabs, Typography } from 'antd';
import { useSearchParams, useTranslation } from '@vitrine/core';
import { LeadsTab } from './leads-tab';
import { NewsletterTab } from './newsletter-tab';
import './leads-page.css';

type Tab = 'leads' | 'newsletter';

/**
 * list-leads: the contacts and newsletter subscribers, and the weekly newsletter. The tab
 * is in the URL (`?tab=newsletter`), like every filter of the leads tab, so a view can be shared and
 * survives a reload. A tab's content is rendered (and asks the API) only once it is opened.
 */
export function LeadsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'newsletter' ? 'newsletter' : 'leads';

  const select = (key: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (key === 'newsletter') next.set('tab', 'newsletter');
      else next.delete('tab');
      return next;
    });

  return (
    <div className="vt-leads" data-testid="leads-page">
      <Typography.Title level={3} className="vt-leads__heading">
        {t('leads.title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={select}
        items={[
          { key: 'leads', label: t('leads.tabs.leads'), children: <LeadsTab /> },
          { key: 'newsletter', label: t('leads.tabs.newsletter'), children: <NewsletterTab /> },
        ]}
      />
    </div>
  );
}
