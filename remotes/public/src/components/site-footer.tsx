import type { FooterProps } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { telHref } from '../lib/paths';
import { reader } from '../lib/route';
import { siteLoader } from '../lib/site';
import { NewsletterSignup } from './newsletter-signup';
import './site-footer.css';

/**
 * This remote's part of the shell's public footer (RemotePagesModule.footer): the newsletter sign-up, the
 * company's contact details and its social profiles, from the site settings in the page's data (the
 * same answer the WhatsApp button reads: no request of its own). A part without data is left out.
 */
export function SiteFooter({ data }: FooterProps) {
  const { t } = useTranslation('public');
  const site = reader(data)(siteLoader);
  const email = site?.contact.email.trim();
  const phone = site?.contact.phone.trim();
  const address = site?.contact.address.trim();
  const hours = site?.contact.hours.trim();
  const social = site?.social ?? [];
  return (
    <div className="vt-site-footer">
      <NewsletterSignup className="vt-newsletter--footer" placement="footer" data={data} />
      {email || phone || address ? (
        <section className="vt-site-footer__part" aria-labelledby="vt-footer-contact">
          <h2 id="vt-footer-contact">{t('footer.contact')}</h2>
          <address>
            {email ? <a href={`mailto:${email}`}>{email}</a> : null}
            {phone ? <a href={telHref(phone)}>{phone}</a> : null}
            {address ? <span>{address}</span> : null}
            {hours ? <span className="vt-site-footer__muted">{hours}</span> : null}
          </address>
        </section>
      ) : null}
      {social.length ? (
        <section className="vt-site-footer__part" aria-labelledby="vt-footer-social">
          <h2 id="vt-footer-social">{t('footer.social')}</h2>
          <ul>
            {social.map((link) => (
              <li key={link.network}>
                <a href={link.url} rel="me noopener">
                  {t(`footer.networks.${link.network}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
