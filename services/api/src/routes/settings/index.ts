import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, WHATSAPP_SUCCESS_MESSAGE, WhatsappSettingsSchema } from '@vitrine/contracts/schemas';
import { BEARER, responses } from '../common';

const tags = ['settings'];
/** The chat button belongs to the settings-whatsapp screen (site_editor and settings both list it). */
const whatsapp = { routes: ['settings-whatsapp'] } as const;

/** Site settings edited in the back-office (issue 8: the WhatsApp chat button). */
const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
