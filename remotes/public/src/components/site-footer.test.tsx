import { screen, within } from '@testing-library/react';
import type { RouteData, SiteInfo } from '@vitrine/contracts';
import { setLanguage } from '@vitrine/core';
import { entryKey } from '../lib/loader';
import { siteLoader } from '../lib/site';
import { site } from '../testing/fixtures';
import { mockHttp, renderPage } from '../testing/render';
import { SiteFooter } from './site-footer';

const withSite = (info: SiteInfo | null): RouteData => ({
  status: 200,
  entries: info ? { [entryKey(siteLoader, 'site')]: { ok: true, data: info } } : {},
});

const renderFooter = (data: RouteData) => renderPage(() => <SiteFooter data={data} />, '/', '/');

describe('SiteFooter (the public footer part)', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = mockHttp(() => ({ status: 202 })).restore;
    return setLanguage('pt-BR');
  });
  afterEach(() => restore());
  afterAll(() => setLanguage('pt-BR'));

  it("carries the newsletter sign-up, the company's contact details and its social profiles, from the page's data", () => {
    renderFooter(withSite(site));
    expect(screen.getByRole('region', { name: 'Receba a newsletter semanal' })).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Fale com a gente' });
    expect(within(contact).getByRole('link', { name: 'contato@vitrine.example' })).toHaveAttribute('href', 'mailto:contato@vitrine.example');
    expect(within(contact).getByRole('link', { name: '+55 (11) 4000-1234' })).toHaveAttribute('href', 'tel:+551140001234');
    expect(within(contact).getByText('Av. Paulista, 1000 – São Paulo, SP')).toBeInTheDocument();
    expect(within(contact).getByText('Segunda a sexta, das 9h às 18h')).toBeInTheDocument();
    const social = screen.getByRole('region', { name: 'Redes sociais' });
    expect(within(social).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Instagram', 'https://www.instagram.com/vitrine.example'],
      ['LinkedIn', 'https://www.linkedin.com/company/vitrine-example'],
    ]);
  });

  it('leaves out the parts it has no data for, and keeps the sign-up', () => {
    renderFooter(withSite({ ...site, contact: { name: 'Vitrine', email: '', phone: ' ', address: '', hours: 'Sempre' }, social: [] }));
    expect(screen.getByRole('region', { name: 'Receba a newsletter semanal' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fale com a gente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Redes sociais' })).not.toBeInTheDocument();
  });

  it("shows only the sign-up when the site's settings could not be loaded", () => {
    renderFooter(withSite(null));
    expect(screen.getByRole('region', { name: 'Receba a newsletter semanal' })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('is in the visitor language', async () => {
    await setLanguage('en-US');
    renderFooter(withSite(site));
    expect(screen.getByRole('region', { name: 'Get in touch' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Follow us' })).toBeInTheDocument();
  });
});
