import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CONTENT_LIMITS, CONTENT_SUCCESS_MESSAGES, Envelope, ImageSchema } from '@vitrine/contracts/schemas';
import { AppError, BadRequestError } from '../../errors';
import { principalOf } from '../../plugins/auth';
import { BEARER, responses } from '../common';

/**
 * Article covers, category images and profile photos. 'settings-profile' is open
 * to every signed-in user (SIGNED_IN_ROUTES), so any signed-in staff member may upload.
 */
const uploaders = { routes: ['list-of-articles', 'compose', 'list-of-categories', 'settings-profile'] } as const;

const fileRequired = () => new BadRequestError('FILE_REQUIRED', [{ property: 'file', message: { isNotEmpty: 'Image is required' } }]);

/**
 * The `file` part's bytes and name, or undefined when there is none. The multipart parser's own refusals (a
 * file over the size limit, too many parts: they carry their status) go on as they are; anything else it
 * throws means the body is not well-formed multipart (it ended before its closing boundary, a part header is
 * malformed), which is the client's: no file arrived. It used to be a 500.
 */
async function readFilePart(request: FastifyRequest): Promise<{ buffer: Buffer; filename: string } | undefined> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file' || !file.filename) return undefined;
    return { buffer: await file.toBuffer(), filename: file.filename };
  } catch (err) {
    if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    request.log.info({ err }, 'multipart body not well-formed');
    return undefined;
  }
}

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Multipart is parsed only inside this plugin: JSON routes keep refusing other content types.
  await app.register(multipart, {
    // One field is let through (then ignored) so a `file` part sent without a file is told FILE_REQUIRED, not 413.
    limits: { fileSize: CONTENT_LIMITS.imageBytes, files: 1, fields: 1, parts: 2, headerPairs: 100 },
  });

  app.post(
    '/upload/image',
    {
      config: { policy: uploaders },
      bodyLimit: CONTENT_LIMITS.imageBytes + 64 * 1024,
      schema: {
        tags: ['upload'],
        summary: 'Upload one image (multipart field `file`): JPEG, PNG, WebP, GIF or AVIF up to 8 MiB, answered with its WebP widths',
        description:
          'The type is read from the bytes (SVG and anything else: 415); larger than CONTENT_LIMITS.imageBytes: 413. Stored as WebP at 320, 640, 960, 1280 and 1920 px wide (never upscaled). `url` is the largest variant up to 1280 px; `srcset` lists all.',
        security: BEARER,
        consumes: ['multipart/form-data'],
        response: responses({ 201: Envelope(ImageSchema) }, 400, 401, 403, 413, 415),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { message: 'Send the image as multipart/form-data (field "file")' });
      // No file part, a part under another name, a `file` field without a file, an empty file, or a body
      // that is not whole multipart (cut short, another boundary): one answer.
      const file = await readFilePart(request);
      if (!file || file.buffer.length === 0) throw fileRequired();
      const image = await app.services.images.upload(file.buffer, file.filename, principalOf(request).user.id);
      return reply.code(201).send({ data: image, message: CONTENT_SUCCESS_MESSAGES.IMAGE_UPLOADED });
    },
  );
};

export default uploadRoutes;
