import { SITE_SUCCESS_MESSAGE } from '@vitrine/contracts/schemas';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

const CONTACT = { name: ' Vitrine Comunicação ', email: 'ola@vitrine.com.br', phone: '+55 11 4000-1234', address: 'Rua Augusta, 500 — São Paulo, SP', hours: '' };
const SOCIAL = [
  { network: 'youtube', url: 'https://www.youtube.com/@vitrine' },
  { network: 'instagram', url: ' https://www.instagram.com/vitrine ' },
  { network: 'linkedin', url: '' },
];

/** The company's details (route settings, tab "site") and what the public pages get of them. */
describe.each(BACKENDS)('site settings (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const site = async () => (await ctx.call('GET', '/api/public/site')).json().data;
  const save = (body: unknown, token = ctx.admin.token) => ctx.call('PUT', '/api/settings/site', { token, body });

  it('answers the stored details to the settings access', async () => {
    const res = await ctx.call('GET', '/api/settings/site', { token: ctx.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ contact: (await site()).contact, social: [] });
  });

  it('refuses an invalid email or a profile that is not an https address, saying which, and saves nothing', async () => {
    const before = await site();
    const res = await save({
      contact: { ...CONTACT, email: 'ola@' },
      social: [
        { network: 'instagram', url: 'http://instagram.com/vitrine' },
        { network: 'facebook', url: 'javascript:alert(1)' },
        { network: 'youtube', url: 'https://www.youtube.com/@vitrine' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().errors.map((e: { property: string }) => e.property)).toEqual(['contact.email', 'social.instagram', 'social.facebook']);
    const twice = await save({ contact: CONTACT, social: [SOCIAL[0], SOCIAL[0]] });
    expect(twice.json().errors).toEqual([{ property: 'social.youtube', message: { isUnique: 'one youtube profile at most' } }]);
    const unknown = await save({ contact: CONTACT, social: [{ network: 'myspace', url: 'https://myspace.com/x' }] });
    expect(unknown.statusCode).toBe(400);
    expect(await site()).toEqual(before);
  });

  it('once saved (trimmed, blank profiles dropped, in the footer order), the public answer carries it at once', async () => {
    await site(); // cached now
    const res = await save({ contact: CONTACT, social: SOCIAL });
    expect(res.statusCode).toBe(200);
    const expected = {
      contact: { ...CONTACT, name: 'Vitrine Comunicação' },
      social: [
        { network: 'instagram', url: 'https://www.instagram.com/vitrine' },
        { network: 'youtube', url: 'https://www.youtube.com/@vitrine' },
      ],
    };
    expect(res.json()).toEqual({ data: expected, message: SITE_SUCCESS_MESSAGE });
    expect(await site()).toMatchObject(expected);
    const page = await ctx.call('GET', '/api/public/site');
    expect(page.json().data.contact.hours).toBe('');
  });

  it('is for staff with the settings access only', async () => {
    const editor = await ctx.staff(['site_editor']);
    expect((await ctx.call('GET', '/api/settings/site', { token: editor.token })).statusCode).toBe(403);
    expect((await save({ contact: CONTACT, social: [] }, editor.token)).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/settings/site')).statusCode).toBe(401);
    const settings = await ctx.staff(['settings']);
    expect((await ctx.call('GET', '/api/settings/site', { token: settings.token })).statusCode).toBe(200);
  });
});
