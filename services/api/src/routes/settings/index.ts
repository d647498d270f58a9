import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, SITE_SUCCESS_MESSAGE, SiteSettingsBody, SiteSettingsSchema, WHATSAPP_SUCCESS_MESSAGE, WhatsappSettingsSchema } from '@vitrine/contracts/schemas';
import { BEARER, responses } from '../common';

const tags = ['settings'];
/** The chat button belongs to the settings-whatsapp screen (site_editor and settings both list it). */
const whatsapp = { routes: ['settings-whatsapp'] } as const;
/** The site's identity and the company's details belong to the settings screen (the settings access). */
const site = { routes: ['settings'] } as const;

/** Site settings edited in the back-office: the site's identity and the company's details, the WhatsApp chat button. */
const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings/site',
    { config: { policy: site }, schema: { tags, summary: "The site's name and logo, the company's contact details and social profiles", security: BEARER, response: responses({ 200: Envelope(SiteSettingsSchema) }, 401, 403) } },
    async () => ({ data: await app.services.contact.siteSettings() }),
  );

  app.put(
    '/settings/site',
    {
      config: { policy: site },
      schema: {
        tags,
        summary:
          "Save the site's name and logo and the company's contact details and social profiles; the public pages, feeds and mails show them at once",
        description:
          '`identity` (optional; left as it is when absent): `name` required, at most 80 characters; `logo_id` an image uploaded through /upload/image (JPEG, PNG, WebP, GIF or AVIF) of at most 2 MiB, or null for the default mark. Contact fields may be blank (left out on the site); an email must be one, a profile an https address. 400 VALIDATION_ERROR names the fields (`identity.name`, `identity.logo_id`, `contact.email`, `social.<network>`).',
        security: BEARER,
        body: SiteSettingsBody,
        response: responses({ 200: Envelope(SiteSettingsSchema) }, 400, 401, 403),
      },
    },
    async (request) => ({ data: await app.services.contact.saveSiteSettings(request.body), message: SITE_SUCCESS_MESSAGE }),
  );

  app.get(
    '/settings/whatsapp',
    { config: { policy: whatsapp }, schema: { tags, summary: "The WhatsApp chat button's settings", security: BEARER, response: responses({ 200: Envelope(WhatsappSettingsSchema) }, 401, 403) } },
    async () => ({ data: await app.services.contact.whatsappSettings() }),
  );

  app.put(
    '/settings/whatsapp',
    {
      config: { policy: whatsapp },
      schema: {
        tags,
        summary: "Save the chat button (phone in international format and message required while it is on); public pages show it at once",
        security: BEARER,
        body: WhatsappSettingsSchema,
        response: responses({ 200: Envelope(WhatsappSettingsSchema) }, 401, 403),
      },
    },
    async (request) => ({ data: await app.services.contact.saveWhatsapp(request.body), message: WHATSAPP_SUCCESS_MESSAGE }),
  );
};

export default settingsRoutes;
