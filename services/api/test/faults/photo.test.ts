import { png, upload } from '../content-helpers';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

describe.each(BACKENDS)("a user's photo is only an image they uploaded (%s)", (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  async function uploaded(token: string): Promise<{ id: string; url: string }> {
    const res = await upload(ctx, token, await png(300, 300));
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  const photoOf = async (id: number) => (await ctx.db.query<{ photo: string | null }>('SELECT photo FROM users WHERE id = $1', [id]))[0]?.photo;

  it('accepts the URL or the id of an own upload, and null', async () => {
    const user = await ctx.staff(['dashboard']);
    const mine = await uploaded(user.token);
    const put = (photo: string | null) => ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { photo } });

    const byUrl = await put(mine.url);
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json().data.photo).toBe(mine.url);

    const other = await uploaded(user.token);
    const byId = await put(other.id);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.photo).toBe(other.url);

    expect((await put(null)).statusCode).toBe(200);
    expect(await photoOf(user.id)).toBeNull();
  });

  it.each([
    ['an off-site URL', () => 'https://tracker.example/pixel.png'],
    ['a javascript: link', () => 'javascript:alert(1)'],
    ['a path that looks like an upload but is none', () => '/uploads/images/doesnotexist/256.webp'],
    ['a local path elsewhere', () => '/api/auth/me'],
  ])('refuses %s: 400 INVALID_PHOTO, nothing stored', async (_name, value) => {
    const user = await ctx.staff(['dashboard']);
    const res = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { photo: value() } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PHOTO', errors: [{ property: 'photo' }] });
    expect(await photoOf(user.id)).toBeNull();
  });

  it("refuses someone else's upload and a width the upload does not have", async () => {
    const user = await ctx.staff(['dashboard']);
    const stranger = await ctx.staff(['dashboard']);
    const theirs = await uploaded(stranger.token);
    const put = (photo: string) => ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { photo } });
    expect((await put(theirs.url)).json().code).toBe('INVALID_PHOTO');
    expect((await put(theirs.id)).json().code).toBe('INVALID_PHOTO');
    const mine = await uploaded(user.token);
    expect((await put(mine.url.replace(/\/\d+\.webp$/, '/1920.webp'))).json().code).toBe('INVALID_PHOTO');
    expect((await put(`https://evil.example${mine.url}`)).json().code).toBe('INVALID_PHOTO');
  });

  it('a manager may set a photo they uploaded for someone, on create and on update', async () => {
    const photo = await uploaded(ctx.admin.token);
    const created = await ctx.call('POST', '/api/user/user', {
      token: ctx.admin.token,
      body: { name: 'Rui', last_name: 'Lima', email: 'rui.photo@vitrine.test', position: 'Editor', type: 'operational', accesses: ['dashboard'], created_by: ctx.admin.id, created_by_unique_key: ctx.admin.unique_key, photo: photo.url },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.user.photo).toBe(photo.url);
    const before = await ctx.count('users');
    const refused = await ctx.call('POST', '/api/user/user', {
      token: ctx.admin.token,
      body: { name: 'Rui', last_name: 'Lima', email: 'rui.photo2@vitrine.test', position: 'Editor', type: 'operational', accesses: ['dashboard'], created_by: ctx.admin.id, created_by_unique_key: ctx.admin.unique_key, photo: 'https://x.example/a.png' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_PHOTO');
    expect(await ctx.count('users')).toBe(before);
  });
});
