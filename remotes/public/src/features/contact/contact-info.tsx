import type { ReactNode } from 'react';
import type { SiteContact } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { Skeleton } from '@vitrine/ui';
import { useLoader } from '../../lib/loader';
import { siteLoader } from '../../lib/site';
import { telHref } from '../../lib/paths';
import { usePageTexts } from '../../texts';

function ContactDetails({ contact }: { contact: Partial<SiteContact> }) {
  const { t } = usePageTexts();
  const items: [string, ReactNode][] = [];
  const name = contact.name?.trim();
  const email = contact.email?.trim();
  const phone = contact.phone?.trim();
  const address = contact.address?.trim();
  const hours = contact.hours?.trim();
  if (name) items.push([t('contact.info.company'), name]);
  if (email) items.push([t('contact.info.email'), <a href={`mailto:${email}`}>{email}</a>]);
  if (phone) items.push([t('contact.info.phone'), <a href={telHref(phone)}>{phone}</a>]);
  if (address) items.push([t('contact.info.address'), address]);
  if (hours) items.push([t('contact.info.hours'), hours]);
  if (items.length === 0) return <p className="vt-contact__muted">{t('contact.info.unavailable')}</p>;
  return (
    <address className="vt-contact__details">
      <dl>
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </address>
  );
}

/**
 * The company's contact details (GET /public/site, loaded with the route). Without them (the API failed,
 * or has no contact block) the aside says so and the form still works.
 */
export function ContactInfo() {
  const { t } = usePageTexts();
  const { t: tc } = useTranslation();
  const site = useLoader(siteLoader);
  return (
    <aside className="vt-contact__aside" aria-labelledby="contact-info" aria-busy={site.status === 'loading' || undefined}>
      <h2 id="contact-info">{t('contact.info.title')}</h2>
      {site.status === 'loading' ? <Skeleton lines={5} height={20} /> : null}
      {site.status === 'success' ? <ContactDetails contact={site.data?.contact ?? {}} /> : null}
      {site.status === 'error' ? (
        <>
          <p className="vt-contact__muted">{t('contact.info.unavailable')}</p>
          <button type="button" className="vt-btn vt-btn--link" onClick={site.retry}>
            {tc('actions.retry')}
          </button>
        </>
      ) : null}
    </aside>
  );
}
