import { BACKENDS, setupApp, type TestContext } from '../helpers';
import { addSubscriber } from '../digest-helpers';

let address = 0;
const nextAddress = () => `10.89.${(address >> 8) & 255}.${(address += 1) & 255}`;

/** A multipart/form-data body of plain fields (and, when given, one file part). */
function formData(fields: [string, string][], file?: { name: string; filename: string; data: string }): { payload: string; headers: Record<string, string> } {
  const boundary = `----vitrine${Math.random().toString(16).slice(2)}`;
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/plain\r\n\r\n${file.data}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * RFC 8058 one-click unsubscribe: mail receivers post `List-Unsubscribe=One-Click` as a form, urlencoded or
 * multipart/form-data; both are taken, by that route alone.
 */
describe.each(BACKENDS)('one-click unsubscribe (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const state = async (id: number) =>
    (await ctx.db.query<{ newsletter_status: string; unsubscribe_reason: string | null }>('SELECT newsletter_status, unsubscribe_reason FROM leads WHERE id = $1', [id]))[0];
  const post = (sub: { id: number; unique_key: string }, payload: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api/public/newsletter/one-click/${sub.id}/${sub.unique_key}`, payload, headers, remoteAddress: nextAddress() });

  it('takes the urlencoded form', async () => {
    const sub = await addSubscriber(ctx, 'urlencoded@leitores.com.br');
    const res = await post(sub, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(200);
    expect(await state(sub.id)).toEqual({ newsletter_status: 'cancelled', unsubscribe_reason: 'one-click' });
  });

  it('takes the multipart/form-data form', async () => {
    const sub = await addSubscriber(ctx, 'multipart@leitores.com.br');
    const body = formData([['List-Unsubscribe', 'One-Click']]);
    const res = await post(sub, body.payload, body.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been unsubscribed from the newsletter' });
    expect(await state(sub.id)).toEqual({ newsletter_status: 'cancelled', unsubscribe_reason: 'one-click' });
    // Said twice, nothing more changes.
    expect((await post(sub, body.payload, body.headers)).statusCode).toBe(200);
  });

  it('refuses another value of the field, a body that is not whole multipart, a file, and a wrong key, changing nothing', async () => {
    const sub = await addSubscriber(ctx, 'recusa-form@leitores.com.br');
    const wrong = formData([['List-Unsubscribe', 'Two-Clicks']]);
    const refused = await post(sub, wrong.payload, wrong.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'List-Unsubscribe' }] });
    const urlWrong = await post(sub, 'List-Unsubscribe=Later', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(urlWrong.statusCode).toBe(400);

    const whole = formData([['List-Unsubscribe', 'One-Click']]);
    const cut = await post(sub, whole.payload.slice(0, whole.payload.length - 20), whole.headers);
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('MALFORMED_REQUEST');

    const withFile = formData([['List-Unsubscribe', 'One-Click']], { name: 'file', filename: 'a.txt', data: 'x' });
    expect((await post(sub, withFile.payload, withFile.headers)).statusCode).toBe(413);

    const res = await ctx.app.inject({ method: 'POST', url: `/api/public/newsletter/one-click/${sub.id}/not-the-key`, payload: whole.payload, headers: whole.headers, remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(404);
    expect(await state(sub.id)).toEqual({ newsletter_status: 'active', unsubscribe_reason: null });
  });

  it('multipart stays refused by the other routes', async () => {
    const body = formData([['email', 'outra-rota@leitores.com.br']]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/public/newsletter', payload: body.payload, headers: body.headers, remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(415);
  });
});
