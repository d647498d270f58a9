import sharp from 'sharp';
import type { TestContext } from './helpers';

/** A solid-colour PNG of the given size. */
export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vitrine${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(ctx: TestContext, token: string, data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const body = multipart('file', filename, contentType, data);
  return ctx.app.inject({ method: 'POST', url: '/api/upload/image', payload: body.payload, headers: { ...body.headers, ...ctx.authHeaders(token) } });
}

/** One uploaded image id (small PNG). */
export async function imageId(ctx: TestContext): Promise<string> {
  const res = await upload(ctx, ctx.admin.token, await png(40, 30));
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}

let categoryCounter = 0;

export async function createCategory(ctx: TestContext, overrides: Record<string, unknown> = {}): Promise<{ id: number; unique_key: string; name: string }> {
  categoryCounter += 1;
  const res = await ctx.call('POST', '/api/category/category', {
    token: ctx.admin.token,
    body: { name: `Categoria ${categoryCounter} ${Math.random().toString(36).slice(2, 6)}`, description: 'Uma categoria de teste', text_color: '#ffffff', background_color: '#123456', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`category failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

let articleCounter = 0;

export interface ArticleRef {
  id: number;
  unique_key: string;
  title: string;
  status: string;
}

export async function createArticle(ctx: TestContext, base: { image_id: string; category_ids: number[] }, overrides: Record<string, unknown> = {}, token = ctx.admin.token): Promise<ArticleRef> {
  articleCounter += 1;
  const res = await ctx.call('POST', '/api/article/article', {
    token,
    body: {
      title: `Artigo de teste ${articleCounter} ${Math.random().toString(36).slice(2, 6)}`,
      content: '<p>Um texto simples sobre o assunto do dia.</p>',
      ...base,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`article failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
