import { countFilters, exportInput, listInput, readLeadsView, writeLeadsView } from './leads-view';

const params = (query: string) => new URLSearchParams(query);

describe('the leads view in the URL', () => {
  it('defaults to the first page of 10, newest first, with no filter', () => {
    const view = readLeadsView(params(''));
    expect(listInput(view)).toEqual({ page: 1, limit: 10 });
    expect(countFilters(view)).toBe(0);
  });

  it('reads every filter, the sort and the page', () => {
    const view = readLeadsView(
      params('module=newsletter&classification=hot&status=blackListed&newsletter=cancelled&lead=no&from=2026-01-01&to=2026-01-31&q=%20ana%20&sort=email&order=asc&page=3&limit=50'),
    );
    expect(listInput(view)).toEqual({
      module: 'newsletter',
      classification: 'hot',
      status: 'blackListed',
      newsletter_status: 'cancelled',
      is_lead: false,
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'ana',
      sort: 'email',
      order: 'asc',
      page: 3,
      limit: 50,
    });
    expect(countFilters(view)).toBe(7);
  });

  it('leaves out what a hand-edited link gets wrong', () => {
    const view = readLeadsView(params('module=fax&status=gone&lead=maybe&from=2026-02-30&to=31/01/2026&sort=phone&order=up&page=-2&limit=7'));
    expect(listInput(view)).toEqual({ page: 1, limit: 10 });
  });

  it('writes only what differs from the defaults, keeps the tab and goes back to page 1 on a filter change', () => {
    const next = writeLeadsView(params('tab=leads&page=4&q=ana'), { classification: 'warm', is_lead: true });
    expect(next.toString()).toBe('tab=leads&classification=warm&lead=yes&q=ana');
    expect(writeLeadsView(next, { page: 2 }).get('page')).toBe('2');
    expect(writeLeadsView(params('sort=name&order=asc'), { sort: 'created_at', order: 'desc' }).toString()).toBe('');
    expect(writeLeadsView(params('q=ana&page=2'), { search: undefined }).toString()).toBe('');
  });

  it("exports the same filters (no page, no sort) with the file base and the interface's language, any of the five", () => {
    const view = readLeadsView(params('status=active&q=ana&page=3&sort=name'));
    expect(exportInput(view, 'en-US')).toEqual({ status: 'active', search: 'ana', base: 'leads', lang: 'en-US' });
    expect(['pt-BR', 'es-ES', 'fr-FR', 'ht-HT'].map((language) => exportInput(view, language).lang)).toEqual(['pt-BR', 'es-ES', 'fr-FR', 'ht-HT']);
    expect(exportInput(view, 'de-DE').lang).toBe('pt-BR');
  });
});
