import { WHATSAPP_SUCCESS_MESSAGE } from '@vitrine/contracts/schemas';
import { contrastRatio, WHATSAPP_DEFAULT_COLOR } from '@vitrine/utils';
import * as contentVersion from '../../src/repositories/content-version';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

const VALID = { enabled: true, description: 'Fale com a gente', phone: '+55 (11) 91234-5678', message: 'Olá! Vim pelo site.', color: '#25D366' };

/** The WhatsApp chat button's settings (route settings-whatsapp) and what the public pages get of it. */
describe.each(BACKENDS)('WhatsApp button (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const site = async () => (await ctx.call('GET', '/api/public/site')).json().data.whatsapp;

  it('is absent from the public pages until configured', async () => {
    expect(await site()).toBeNull();
    // Off, in a WhatsApp green that white text reads on at AA (5.0:1; #25d366 was 2.0:1).
    expect((await ctx.call('GET', '/api/settings/whatsapp', { token: ctx.admin.token })).json().data).toMatchObject({ enabled: false, color: '#15803d' });
  });

  it("asks for the spec's required fields and an international phone, and saves nothing wrong", async () => {
    const empty = await ctx.call('PUT', '/api/settings/whatsapp', { token: ctx.admin.token, body: { ...VALID, phone: '', message: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { property: 'phone', message: { isNotEmpty: 'Contact phone is required' } },
      { property: 'message', message: { isNotEmpty: 'Message is required' } },
    ]);
    const local = await ctx.call('PUT', '/api/settings/whatsapp', { token: ctx.admin.token, body: { ...VALID, phone: '11 91234-5678' } });
    expect(local.statusCode).toBe(400);
    expect(local.json().errors[0].property).toBe('phone');
    const color = await ctx.call('PUT', '/api/settings/whatsapp', { token: ctx.admin.token, body: { ...VALID, color: 'green' } });
    expect(color.statusCode).toBe(400);
    expect(await site()).toBeNull();
  });

  it('once saved, the public answer carries it at once (digits only for the link)', async () => {
    expect(await site()).toBeNull(); // cached now
    const saved = await ctx.call('PUT', '/api/settings/whatsapp', { token: ctx.admin.token, body: VALID });
    expect(saved.json()).toMatchObject({ data: { phone: '+5511912345678', color: '#25d366' }, message: WHATSAPP_SUCCESS_MESSAGE });
    // Its label's colour is decided here: near-black on WhatsApp's own light green (white would be 2.0:1).
    expect(await site()).toEqual({ description: 'Fale com a gente', phone: '5511912345678', message: 'Olá! Vim pelo site.', color: '#25d366', text_color: '#111827' });
    await ctx.call('PUT', '/api/settings/whatsapp', { token: ctx.admin.token, body: { ...VALID, enabled: false } });
    expect(await site()).toBeNull();
  });

  it("gives the public pages the button's colour and its label's, white or near-black, whichever contrasts more", async () => {
    for (const [color, text] of [
      ['#F5C242', '#111827'],
      ['#1b2a4a', '#ffffff'],
    ]) {
      await ctx.call('PUT', '/api/settings/whatsapp', { token: ctx.admin.token, body: { ...VALID, color } });
      expect(await site()).toMatchObject({ color: color?.toLowerCase(), text_color: text });
    }
    // A stored colour that is no hex colour (written before the rule): the default green, white text at AA.
    await ctx.db.query("UPDATE site_settings SET value = jsonb_set(value, '{color}', '\"verde\"') WHERE key = 'whatsapp'");
    await contentVersion.bump(ctx.db);
    // The notification of that write is heard asynchronously (PostgreSQL): read the version now, as a staff write does.
    await ctx.app.answerCache.versions.refresh();
    expect(await site()).toMatchObject({ color: WHATSAPP_DEFAULT_COLOR, text_color: '#ffffff' });
    expect(contrastRatio(WHATSAPP_DEFAULT_COLOR, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    await ctx.call('PUT', '/api/settings/whatsapp', { token: ctx.admin.token, body: { ...VALID, enabled: false } });
  });

  it('is for staff whose roles list settings-whatsapp', async () => {
    const writer = await ctx.staff(['article_management']);
    expect((await ctx.call('GET', '/api/settings/whatsapp', { token: writer.token })).statusCode).toBe(403);
    const editor = await ctx.staff(['site_editor']);
    expect((await ctx.call('GET', '/api/settings/whatsapp', { token: editor.token })).statusCode).toBe(200);
  });
});
