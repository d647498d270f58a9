import fs from 'node:fs';
import path from 'node:path';
import { SITE_SUCCESS_MESSAGE } from '@vitrine/contracts/schemas';
import { mailIdentity } from '../../src/services/site-identity';
import { png, upload } from '../content-helpers';
import { BACKENDS, PUBLIC_URL, setupApp, type TestContext } from '../helpers';

const CONTACT = { name: ' Vitrine Comunicação ', email: 'ola@vitrine.com.br', phone: '+55 11 4000-1234', address: 'Rua Augusta, 500 — São Paulo, SP', hours: '' };
const SOCIAL = [
  { network: 'youtube', url: 'https://www.youtube.com/@vitrine' },
  { network: 'instagram', url: ' https://www.instagram.com/vitrine ' },
  { network: 'linkedin', url: '' },
];

/** Migration 027: the default opening hours (migration 006's) in the other languages. */
const HOURS_MIGRATION = fs.readFileSync(path.join(__dirname, '../../src/migrations/027-opening-hours-languages.sql'), 'utf8');
const DEFAULT_HOURS = 'Segunda a sexta, 9h às 18h';
const DEFAULT_TRANSLATIONS = {
  'en-US': 'Monday to Friday, 9 a.m. to 6 p.m.',
  'es-ES': 'De lunes a viernes, de 9:00 a 18:00',
  'fr-FR': 'Du lundi au vendredi, de 9 h à 18 h',
  'ht-HT': 'Lendi rive vandredi, soti 9:00 rive 18:00',
};

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
    expect(res.json().data).toEqual({ identity: { name: 'Vitrine', logo: null }, contact: { ...(await site()).contact, hours_translations: DEFAULT_TRANSLATIONS }, social: [] });
    expect((await site()).identity).toEqual({ name: 'Vitrine', logo: null });
  });

  it('has the default opening hours in the five languages, and answers them in the language asked for (?lang=, else the vt_lang cookie, else pt-BR)', async () => {
    const stored = (await ctx.call('GET', '/api/settings/site', { token: ctx.admin.token })).json().data;
    expect(stored.contact).toMatchObject({ hours: DEFAULT_HOURS, hours_translations: DEFAULT_TRANSLATIONS });
    const hoursIn = async (query: string, headers: Record<string, string> = {}) => {
      const res = await ctx.call('GET', `/api/public/site${query}`, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.contact).not.toHaveProperty('hours_translations');
      return res.json().data.contact.hours as string;
    };
    expect(await hoursIn('')).toBe(DEFAULT_HOURS);
    expect(await hoursIn('?lang=pt-BR')).toBe(DEFAULT_HOURS);
    for (const [locale, hours] of Object.entries(DEFAULT_TRANSLATIONS)) expect(await hoursIn(`?lang=${locale}`)).toBe(hours);
    // Asked again, from the answer cache: still each in its own language.
    expect(await hoursIn('?lang=fr-FR')).toBe(DEFAULT_TRANSLATIONS['fr-FR']);
    expect(await hoursIn('')).toBe(DEFAULT_HOURS);
    expect(await hoursIn('?lang=ht')).toBe(DEFAULT_TRANSLATIONS['ht-HT']);
    expect(await hoursIn('', { cookie: 'vt_lang=es-ES' })).toBe(DEFAULT_TRANSLATIONS['es-ES']);
    expect(await hoursIn('?lang=de-DE')).toBe(DEFAULT_HOURS);
  });

  it('migration 027 translates the default hours only: hours the company rewrote, or translated, are left alone', async () => {
    const [before] = await ctx.db.query<{ value: unknown }>("SELECT value FROM site_settings WHERE key = 'contact'");
    try {
      const contact = { name: 'Vitrine', email: 'contato@vitrine.test', phone: '', address: '', hours: DEFAULT_HOURS };
      await ctx.db.query("UPDATE site_settings SET value = $1::jsonb WHERE key = 'contact'", [JSON.stringify(contact)]);
      await ctx.db.exec(HOURS_MIGRATION);
      const read = async () => (await ctx.db.query<{ value: Record<string, unknown> }>("SELECT value FROM site_settings WHERE key = 'contact'"))[0]?.value;
      expect(await read()).toEqual({ ...contact, hours_translations: DEFAULT_TRANSLATIONS });
      const rewritten = { ...contact, hours: 'Seg. a sex., 8h às 17h' };
      await ctx.db.query("UPDATE site_settings SET value = $1::jsonb WHERE key = 'contact'", [JSON.stringify(rewritten)]);
      await ctx.db.exec(HOURS_MIGRATION);
      expect(await read()).toEqual(rewritten);
      const translated = { ...contact, hours_translations: { 'en-US': 'Weekdays, 9 to 6' } };
      await ctx.db.query("UPDATE site_settings SET value = $1::jsonb WHERE key = 'contact'", [JSON.stringify(translated)]);
      await ctx.db.exec(HOURS_MIGRATION);
      expect(await read()).toEqual(translated);
    } finally {
      await ctx.db.query("UPDATE site_settings SET value = $1::jsonb WHERE key = 'contact'", [JSON.stringify(before?.value)]);
    }
  });

  it('a fresh install saves its demo details as they are (the demo address passes the email rule)', async () => {
    const stored = (await ctx.call('GET', '/api/settings/site', { token: ctx.admin.token })).json().data;
    expect(stored.contact.email).toBe('contato@vitrine.test');
    const res = await save({ contact: stored.contact, social: stored.social });
    expect(res.statusCode).toBe(200);
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
      identity: { name: 'Vitrine', logo: null },
      contact: { ...CONTACT, name: 'Vitrine Comunicação' },
      social: [
        { network: 'instagram', url: 'https://www.instagram.com/vitrine' },
        { network: 'youtube', url: 'https://www.youtube.com/@vitrine' },
      ],
    };
    // A screen that sends no translations keeps the stored ones.
    expect(res.json()).toEqual({ data: { ...expected, contact: { ...expected.contact, hours_translations: DEFAULT_TRANSLATIONS } }, message: SITE_SUCCESS_MESSAGE });
    expect(await site()).toMatchObject(expected);
    const page = await ctx.call('GET', '/api/public/site');
    expect(page.json().data.contact.hours).toBe('');
    // Blank pt-BR hours are left out in every language, translated or not.
    expect((await ctx.call('GET', '/api/public/site?lang=en-US')).json().data.contact.hours).toBe('');
  });

  it('is for staff with the settings access only', async () => {
    const editor = await ctx.staff(['site_editor']);
    expect((await ctx.call('GET', '/api/settings/site', { token: editor.token })).statusCode).toBe(403);
    expect((await save({ contact: CONTACT, social: [] }, editor.token)).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/settings/site')).statusCode).toBe(401);
    const settings = await ctx.staff(['settings']);
    expect((await ctx.call('GET', '/api/settings/site', { token: settings.token })).statusCode).toBe(200);
  });

  it('saves the opening hours per language (trimmed, blank ones dropped; a screen without them keeps them), the public answer following at once', async () => {
    const hours = { ...CONTACT, hours: ' Segunda a sábado, 8h às 20h ' };
    await site(); // cached now
    const res = await save({ contact: { ...hours, hours_translations: { 'en-US': ' Monday to Saturday, 8 a.m. to 8 p.m. ', 'es-ES': '   ', 'ht-HT': 'Lendi rive samdi, soti 8:00 rive 20:00' } }, social: [] });
    expect(res.statusCode).toBe(200);
    const translations = { 'en-US': 'Monday to Saturday, 8 a.m. to 8 p.m.', 'ht-HT': 'Lendi rive samdi, soti 8:00 rive 20:00' };
    expect(res.json().data.contact).toMatchObject({ hours: 'Segunda a sábado, 8h às 20h', hours_translations: translations });
    const hoursIn = async (lang: string) => (await ctx.call('GET', `/api/public/site?lang=${lang}`)).json().data.contact.hours;
    expect(await hoursIn('en-US')).toBe(translations['en-US']);
    expect(await hoursIn('ht-HT')).toBe(translations['ht-HT']);
    // Not translated (blank, or left out): the pt-BR hours.
    expect(await hoursIn('es-ES')).toBe('Segunda a sábado, 8h às 20h');
    expect(await hoursIn('fr-FR')).toBe('Segunda a sábado, 8h às 20h');
    // A screen that predates the translations keeps them.
    expect((await save({ contact: hours, social: [] })).json().data.contact.hours_translations).toEqual(translations);
    // Only the four other languages, each at most as long as the hours.
    for (const wrong of [{ 'pt-BR': 'Seg–sex' }, { 'de-DE': 'Mo–Fr' }, { 'fr-FR': 'x'.repeat(121) }, { 'en-US': 7 }]) {
      const refused = await save({ contact: { ...hours, hours_translations: wrong }, social: [] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await ctx.call('GET', '/api/settings/site', { token: ctx.admin.token })).json().data.contact.hours_translations).toEqual(translations);
    // Cleared: every language reads the pt-BR hours.
    expect((await save({ contact: { ...hours, hours_translations: {} }, social: [] })).json().data.contact.hours_translations).toEqual({});
    expect(await hoursIn('en-US')).toBe('Segunda a sábado, 8h às 20h');
  });

  describe("the site's identity (name and logo)", () => {
    const identityOf = async () => (await site()).identity;
    const logoOf = async (token: string, width = 800, height = 200) => {
      const res = await upload(ctx, token, await png(width, height), 'logo.png');
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: string; url: string; srcset: string; width: number; height: number };
    };

    it('a staff member with the settings access uploads a logo and saves it with the name: the public answer, the feed and the audit log have them at once', async () => {
      const settings = await ctx.staff(['settings']);
      await identityOf(); // cached now
      await ctx.call('GET', '/rss.xml'); // cached too
      const logo = await logoOf(settings.token);
      const res = await save({ identity: { name: '  Acme Studio ', logo_id: logo.id }, contact: CONTACT, social: [] }, settings.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.identity).toEqual({ name: 'Acme Studio', logo });
      expect(await identityOf()).toEqual({ name: 'Acme Studio', logo });
      expect(logo.url).toMatch(new RegExp(`^/uploads/images/${logo.id}/\\d+\\.webp$`));
      const rss = (await ctx.call('GET', '/rss.xml')).body;
      expect(rss).toContain('<title>Acme Studio — Blog</title>');
      const [entry] = await ctx.db.query<{ actor_id: number; changes: { value: [unknown, unknown] } }>(
        "SELECT actor_id, changes FROM audit_log WHERE record_type = 'site_settings' AND record_id = 'identity' ORDER BY id DESC LIMIT 1",
      );
      expect(entry?.actor_id).toBe(settings.id);
      expect(entry?.changes.value[1]).toEqual({ name: 'Acme Studio', logo: logo.id });
    });

    it('the newsletter gets the name and the logo as one absolute address, sized for the header box', async () => {
      const identity = await mailIdentity({ db: ctx.db, storage: ctx.app.storage }, PUBLIC_URL);
      expect(identity.name).toBe('Acme Studio');
      // 800 × 200 drawn in 200 × 40: 160 × 40, from the 320 px variant (twice as wide, for sharp screens).
      expect(identity.logo).toEqual({ src: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/uploads/images/[\\w-]+/320\\.webp$`)), width: 160, height: 40 });
    });

    it('a screen that sends no identity leaves it as it is; null removes the logo', async () => {
      expect((await save({ contact: CONTACT, social: [] })).json().data.identity.name).toBe('Acme Studio');
      expect((await identityOf()).logo).not.toBeNull();
      const res = await save({ identity: { name: 'Acme Studio', logo_id: null }, contact: CONTACT, social: [] });
      expect(res.json().data.identity).toEqual({ name: 'Acme Studio', logo: null });
      expect(await identityOf()).toEqual({ name: 'Acme Studio', logo: null });
    });

    it('refuses a blank or too long name, an unknown or malformed logo, a logo over 2 MiB: 400 naming the field, nothing saved', async () => {
      const before = await identityOf();
      const field = async (identity: unknown) => {
        const res = await save({ identity, contact: CONTACT, social: [] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: true, statusCode: 400, code: 'VALIDATION_ERROR' });
        return res.json().errors as { property: string; message: Record<string, string> }[];
      };
      expect(await field({ name: '   ', logo_id: null })).toEqual([{ property: 'identity.name', message: { isNotEmpty: 'Site name is required' } }]);
      expect((await field({ name: 'x'.repeat(81), logo_id: null }))[0]?.property).toBe('identity.name');
      expect(await field({ name: 'Acme', logo_id: 'nao-existe' })).toEqual([{ property: 'identity.logo_id', message: { isValid: 'Image not found' } }]);
      expect((await field({ name: 'Acme', logo_id: '../../etc/passwd' }))[0]?.property).toBe('identity.logo_id');
      expect((await field({ name: 'Acme' }))[0]?.property).toMatch(/^identity/);
      expect(await field({ name: 'Acme', logo_id: null, url: 'x' })).not.toHaveLength(0);
      const big = await logoOf(ctx.admin.token);
      await ctx.db.query('UPDATE images SET bytes = $1 WHERE id = $2', [2 * 1024 * 1024 + 1, big.id]);
      expect(await field({ name: 'Acme', logo_id: big.id })).toEqual([{ property: 'identity.logo_id', message: { maxSize: 'The logo must be 2 MiB or smaller' } }]);
      expect(await identityOf()).toEqual(before);
    });

    it('a file that is not an image the pipeline reads is refused at upload (415), never a 500', async () => {
      const settings = await ctx.staff(['settings']);
      const svg = await upload(ctx, settings.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml');
      expect(svg.statusCode).toBe(415);
      expect(svg.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });
  });
});
