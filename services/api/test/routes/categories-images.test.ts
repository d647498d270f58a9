import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CONTENT_LIMITS, CONTENT_SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { BACKENDS, setupApp, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId, png, upload } from '../content-helpers';

describe.each(BACKENDS)('categories and images (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  describe('POST /upload/image', () => {
    it('turns a PNG into WebP widths (never upscaled) with url and srcset', async () => {
      const res = await upload(ctx, ctx.admin.token, await png(1000, 500), 'capa.png');
      expect(res.statusCode).toBe(201);
      const { data, message } = res.json();
      expect(message).toBe(CONTENT_SUCCESS_MESSAGES.IMAGE_UPLOADED);
      expect(data).toMatchObject({ width: 1000, height: 500, url: `/uploads/images/${data.id}/1000.webp` });
      expect(data.srcset).toBe([320, 640, 960, 1000].map((w) => `/uploads/images/${data.id}/${w}.webp ${w}w`).join(', '));
      const file = path.join(ctx.dataDir, 'uploads', 'images', data.id, '640.webp');
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 640, height: 320 });
      expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', 'images', data.id, '1280.webp'))).toBe(false);
      const row = await ctx.db.query<{ mime: string; variants: { width: number }[] }>('SELECT mime, variants FROM images WHERE id = $1', [data.id]);
      expect(row[0]?.mime).toBe('image/png');
      expect(row[0]?.variants.map((v) => v.width)).toEqual([320, 640, 960, 1000]);
    });

    it('uses the 1280 variant as url for a large image and keeps 1920 in the srcset', async () => {
      const res = await upload(ctx, ctx.admin.token, await png(2400, 1200));
      const { data } = res.json();
      expect(data.url).toBe(`/uploads/images/${data.id}/1280.webp`);
      expect(data.srcset).toContain('1920.webp 1920w');
    });

    it('refuses an SVG and a renamed text file (415), whatever their name or declared type', async () => {
      const before = await ctx.count('images');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
      const asSvg = await upload(ctx, ctx.admin.token, svg, 'logo.png', 'image/png');
      expect(asSvg.statusCode).toBe(415);
      expect(asSvg.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const text = await upload(ctx, ctx.admin.token, Buffer.from('just some text, not an image'), 'photo.jpg', 'image/jpeg');
      expect(text.statusCode).toBe(415);
      expect(await ctx.count('images')).toBe(before);
    });

    it('refuses a file over the size limit (413)', async () => {
      const big = Buffer.alloc(CONTENT_LIMITS.imageBytes + 1024, 1);
      const res = await upload(ctx, ctx.admin.token, big, 'big.png');
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('needs a signed-in user and a multipart body with a file', async () => {
      const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/upload/image' });
      expect(anonymous.statusCode).toBe(401);
      const json = await ctx.call('POST', '/api/upload/image', { token: ctx.admin.token, body: { file: 'x' } });
      expect(json.statusCode).toBe(415);
      const anyStaff = await ctx.staff(['dashboard']);
      expect((await upload(ctx, anyStaff.token, await png(20, 20))).statusCode).toBe(201);
    });

    it('JSON routes still refuse multipart bodies (415)', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/category/category',
        payload: '--x\r\n\r\n--x--',
        headers: { 'content-type': 'multipart/form-data; boundary=x', ...ctx.authHeaders(ctx.admin.token) },
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('categories', () => {
    it('creates with a slug key, lists with article counts, gets by id + key', async () => {
      const image = await imageId(ctx);
      const res = await ctx.call('POST', '/api/category/category', {
        token: ctx.admin.token,
        body: { name: '  Gestão & Pessoas ', description: 'Times e cultura', text_color: '#FFF', background_color: '#0a3d62', image_id: image },
      });
      expect(res.statusCode).toBe(201);
      const { data, message } = res.json();
      expect(message).toBe(CONTENT_SUCCESS_MESSAGES.CATEGORY_CREATED);
      expect(data).toMatchObject({ name: 'Gestão & Pessoas', unique_key: 'gestao-e-pessoas', active: true, article_count: 0, image: { id: image } });
      const got = await ctx.call('GET', `/api/category/category/${data.id}/${data.unique_key}`, { token: ctx.admin.token });
      expect(got.json().data.name).toBe('Gestão & Pessoas');
      const mismatch = await ctx.call('GET', `/api/category/category/${data.id}/outra`, { token: ctx.admin.token });
      expect(mismatch.statusCode).toBe(404);
      const list = (await ctx.call('POST', '/api/category/categories-list', { token: ctx.admin.token, body: { search: 'pessoas' } })).json().data;
      expect(list.items.map((c: { id: number }) => c.id)).toEqual([data.id]);
      expect(list).toMatchObject({ total: 1, page: 1, limit: 50 });
    });

    it('requires a description and refuses a duplicate name in any case (409)', async () => {
      const before = await ctx.count('categories');
      const missing = await ctx.call('POST', '/api/category/category', { token: ctx.admin.token, body: { name: 'Sem descrição', text_color: '#fff', background_color: '#000' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ property: 'description', message: { isNotEmpty: 'Description is required' } }]);
      const blank = await ctx.call('POST', '/api/category/category', { token: ctx.admin.token, body: { name: 'Em branco', description: '   ', text_color: '#fff', background_color: '#000' } });
      expect(blank.json().errors).toEqual([{ property: 'description', message: { isNotEmpty: 'Description is required' } }]);
      const first = await createCategory(ctx, { name: 'Logística' });
      const dup = await ctx.call('POST', '/api/category/category', { token: ctx.admin.token, body: { name: 'LOGÍSTICA', description: 'x', text_color: '#fff', background_color: '#000' } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe('CONFLICT');
      const badColor = await ctx.call('POST', '/api/category/category', { token: ctx.admin.token, body: { name: 'Cor', description: 'x', text_color: 'red', background_color: '#000' } });
      expect(badColor.statusCode).toBe(400);
      expect(await ctx.count('categories')).toBe(before + 1);
      expect(first.unique_key).toBe('logistica');
    });

    it('updates (a new name gives a new key), changes status and refuses unknown images', async () => {
      const category = await createCategory(ctx, { name: 'Finanças' });
      const res = await ctx.call('PUT', `/api/category/category/${category.id}/${category.unique_key}`, { token: ctx.admin.token, body: { name: 'Finanças Pessoais', background_color: '#222222' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Finanças Pessoais', unique_key: 'financas-pessoais', background_color: '#222222' });
      const status = await ctx.call('PUT', `/api/category/category-change-status/${category.id}/financas-pessoais`, { token: ctx.admin.token, body: { active: false } });
      expect(status.json()).toMatchObject({ data: { active: false }, message: CONTENT_SUCCESS_MESSAGES.STATUS_CHANGED });
      const badImage = await ctx.call('PUT', `/api/category/category/${category.id}/financas-pessoais`, { token: ctx.admin.token, body: { image_id: 'nope' } });
      expect(badImage.statusCode).toBe(400);
      expect(badImage.json().errors[0]).toEqual({ property: 'image_id', message: { isValid: 'Image not found' } });
    });

    it('deletes a category, unlinking it, but never leaves an article without a category (409)', async () => {
      const image = await imageId(ctx);
      const only = await createCategory(ctx);
      const other = await createCategory(ctx);
      const article = await createArticle(ctx, { image_id: image, category_ids: [only.id] });
      const refused = await ctx.call('DELETE', `/api/category/category/${only.id}/${only.unique_key}`, { token: ctx.admin.token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('CONFLICT');
      expect(refused.json().message).toContain(article.title);
      await ctx.call('PUT', `/api/article/article/${article.id}/${article.unique_key}`, { token: ctx.admin.token, body: { category_ids: [only.id, other.id] } });
      const ok = await ctx.call('DELETE', `/api/category/category/${only.id}/${only.unique_key}`, { token: ctx.admin.token });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe(CONTENT_SUCCESS_MESSAGES.CATEGORY_DELETED);
      const links = await ctx.db.query<{ category_id: number }>('SELECT category_id FROM article_categories WHERE article_id = $1', [article.id]);
      expect(links.map((l) => l.category_id)).toEqual([other.id]);
    });

    it('is managed only with list-of-categories; the editor may read it', async () => {
      const outsider = await ctx.staff(['dashboard', 'site_editor']);
      const editor = await ctx.staff(['article_management']);
      expect((await ctx.call('POST', '/api/category/categories-list', { token: outsider.token, body: {} })).statusCode).toBe(403);
      expect((await ctx.call('POST', '/api/category/category', { token: outsider.token, body: { name: 'X', description: 'y', text_color: '#fff', background_color: '#000' } })).json().code).toBe('ACCESS_DENIED');
      expect((await ctx.call('POST', '/api/category/categories-list', { token: editor.token, body: {} })).statusCode).toBe(200);
    });

    it('bad input never 500s and writes nothing', async () => {
      const before = await ctx.count('categories');
      const cases: [string, string, unknown, Record<string, string>?][] = [
        ['POST', '/api/category/category', '{"name": "x",'],
        ['POST', '/api/category/category', { name: 'x'.repeat(CONTENT_LIMITS.categoryName + 1), description: 'd', text_color: '#fff', background_color: '#000' }],
        ['POST', '/api/category/category', { name: 5, description: ['d'], text_color: '#fff', background_color: '#000', extra: 1 }],
        ['POST', '/api/category/categories-list', { limit: 'many' }],
        ['PUT', '/api/category/category/abc/Not A Slug', { name: 'x' }],
        ['PUT', '/api/category/category/1/x', {}],
        ['DELETE', '/api/category/category/99999999999/x', undefined],
      ];
      for (const [method, url, body] of cases) {
        const res = await ctx.call(method as 'POST', url, { token: ctx.admin.token, body, headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {} });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await ctx.count('categories')).toBe(before);
    });
  });
});
