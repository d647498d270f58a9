import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HeadContext, RouteData } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import type { PublicHttp } from '../../api/public-content';
import { serverRoute } from '../../lib/route';
import { site } from '../../testing/fixtures';
import { currentUrl, mockHttp, renderPage } from '../../testing/render';
import { RcSistemPage } from './rc-sistem-page';
import { keyParity } from '@vitrine/utils';
import { landing as enUS } from './locales/en-US';
import { landing as ptBR } from './locales/pt-BR';
import { rcSistemRoute } from './route';
import { loadLandingTexts } from './texts';

const route = serverRoute(rcSistemRoute, RcSistemPage);
const PATH = '/rc-sistemI';
const DEMO = '/contact?subject=Quero%20conhecer%20o%20RC%20Sistem%20I';

/** What the server passes the loaders; `answer` is GET /public/site's (or a failure). */
function serverHttp(answer: unknown = site): PublicHttp & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async get<T>(url: string) {
      urls.push(url);
      if (answer === 'down') throw Object.assign(new Error('down'), { response: { status: 503 } });
      return { data: { data: answer } as T };
    },
  };
}

const load = (http: PublicHttp) => route.load({ params: {}, search: new URLSearchParams(), http });

const headContext = (): HeadContext => ({
  t: (key, options) => i18n.t(key, options),
  lang: i18n.language,
  origin: 'https://www.example.com',
  params: {},
  search: new URLSearchParams(),
});

const tree = (data: RouteData) => {
  const router = createMemoryRouter([{ path: PATH, element: <route.Component data={data} /> }], { initialEntries: [PATH] });
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
};

describe('the RC Sistem I landing page', () => {
  beforeAll(() => loadLandingTexts());

  it('has its own texts, with the same keys and placeholders in pt-BR and en-US', () => {
    expect(keyParity(ptBR, enUS)).toEqual({ missingInA: [], missingInB: [], placeholderMismatch: [], empty: [] });
  });

  beforeEach(() => setLanguage('pt-BR'));

  it('renders the hero, the features, the screens, the steps and the calls to action from its texts, asking for nothing', async () => {
    const data = await load(serverHttp());
    const browser = mockHttp(() => ({ status: 204 }));
    try {
      const { container } = renderPage(() => <route.Component data={data} />, PATH, PATH);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Vendas, estoque e financeiro da sua empresa em um só sistema');

      // Both calls to action open the contact form with the subject filled in; the FAQ is the product's.
      const demos = screen.getAllByRole('link', { name: 'Quero uma demonstração' });
      expect(demos).toHaveLength(2);
      for (const link of demos) expect(link).toHaveAttribute('href', DEMO);
      expect(screen.getByRole('link', { name: 'Perguntas frequentes' })).toHaveAttribute('href', '/faq/rc-sistem-i');
      expect(screen.getByRole('link', { name: 'Veja as perguntas frequentes sobre o RC Sistem I' })).toHaveAttribute('href', '/faq/rc-sistem-i');

      const features = screen.getByRole('region', { name: 'Tudo o que a rotina da empresa pede' });
      expect(within(features).getAllByRole('listitem')).toHaveLength(6);
      expect(within(features).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
        'Vendas',
        'Estoque',
        'Financeiro',
        'Atendimento',
        'No navegador e no celular',
        'Na nuvem, com segurança',
      ]);
      // Every section is named by its heading.
      for (const name of ['Veja como é por dentro', 'Como começar', 'Quem usa, recomenda', 'Veja o RC Sistem I com a rotina da sua empresa']) {
        expect(screen.getByRole('region', { name })).toBeInTheDocument();
      }
      expect(within(screen.getByRole('region', { name: 'Como começar' })).getAllByRole('listitem')).toHaveLength(3);
      // The screens are drawn (no image to download), hidden from assistive technology, described by their captions.
      expect(container.querySelector('img')).toBeNull();
      const drawings = container.querySelectorAll('svg');
      expect(drawings.length).toBeGreaterThanOrEqual(9);
      drawings.forEach((svg) => expect(svg).toHaveAttribute('aria-hidden', 'true'));
      expect(screen.getAllByRole('figure')).toHaveLength(3);
      expect(browser.calls).toEqual([]);
    } finally {
      browser.restore();
    }
  });

  it('the call to action goes to the contact page with its subject', async () => {
    const data = await load(serverHttp());
    const browser = mockHttp(() => ({ status: 204 }));
    try {
      const { router } = renderPage(() => <route.Component data={data} />, PATH, PATH);
      await userEvent.setup().click(screen.getAllByRole('link', { name: 'Quero uma demonstração' })[0]!);
      expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
      expect(currentUrl(router)).toBe(DEMO);
      expect(new URL(currentUrl(router), 'https://x').searchParams.get('subject')).toBe('Quero conhecer o RC Sistem I');
    } finally {
      browser.restore();
    }
  });

  it('loads only the site settings every page has, and its head is the product: SoftwareApplication with the publisher', async () => {
    const http = serverHttp();
    const data = await load(http);
    expect(data.status).toBe(200);
    expect(http.urls).toEqual(['/public/site']);
    const head = route.head(data, headContext());
    expect(head).toMatchObject({ title: 'RC Sistem I · Vitrine', canonical: '/rc-sistemI', type: 'website' });
    expect(head.index).toBeUndefined();
    expect(head.description).toMatch(/^RC Sistem I: o sistema de gestão/);
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: 'RC Sistem I',
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        url: 'https://www.example.com/rc-sistemI',
        inLanguage: 'pt-BR',
        description: head.description,
        featureList: ['Vendas', 'Estoque', 'Financeiro', 'Atendimento', 'No navegador e no celular', 'Na nuvem, com segurança'],
        offers: {
          '@type': 'Offer',
          description: 'Planos mensais por usuário: peça uma demonstração e receba uma proposta para a sua equipe.',
          url: `https://www.example.com${DEMO}`,
        },
        publisher: {
          '@type': 'Organization',
          name: 'Vitrine',
          url: 'https://www.example.com/',
          contactPoint: { '@type': 'ContactPoint', contactType: 'sales', email: 'contato@vitrine.example', telephone: '+55 (11) 4000-1234' },
        },
      },
    ]);
    expect(JSON.stringify(head.jsonLd)).not.toMatch(/"price"/);
  });

  it('is a page even when the site settings cannot be read: no 404, the publisher without a contact point', async () => {
    const data = await load(serverHttp('down'));
    expect(data.status).toBe(200);
    const head = route.head(data, headContext());
    expect(head.jsonLd?.[0]).toMatchObject({ '@type': 'SoftwareApplication', publisher: { '@type': 'Organization', name: 'Vitrine' } });
    expect(head.jsonLd?.[0]).not.toHaveProperty('publisher.contactPoint');
  });

  it('renders on the server and hydrates without a mismatch', async () => {
    const data = await load(serverHttp());
    const html = renderToString(tree(data));
    expect(html).toContain(`href="${DEMO}"`);
    expect(html.match(/<h1/g)).toHaveLength(1);

    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = mockHttp(() => ({ status: 204 }));
    const container = document.createElement('div');
    container.innerHTML = html;
    const served = container.innerHTML;
    document.body.append(container);
    const recoverable = jest.fn();
    try {
      const root = await act(async () => hydrateRoot(container, tree(JSON.parse(JSON.stringify(data)) as RouteData), { onRecoverableError: recoverable }));
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(served);
      expect(browser.calls).toEqual([]);
      act(() => root.unmount());
    } finally {
      errors.mockRestore();
      browser.restore();
      container.remove();
    }
  });

  it('speaks English in en-US, the subject of its call to action too', async () => {
    await setLanguage('en-US');
    const data = await load(serverHttp());
    const browser = mockHttp(() => ({ status: 204 }));
    try {
      renderPage(() => <route.Component data={data} />, PATH, PATH);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Your company's sales, stock and finance in one system");
      expect(screen.getAllByRole('link', { name: 'Book a demo' })[0]).toHaveAttribute('href', `/contact?subject=${encodeURIComponent("I'd like to know RC Sistem I")}`);
      expect(route.head(data, headContext()).title).toBe('RC Sistem I · Vitrine');
    } finally {
      browser.restore();
    }
  });
});
