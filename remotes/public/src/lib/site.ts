import { fetchSiteInfo } from '../api/public-content';
import { defineLoader } from './loader';

/**
 * The site's public settings (GET /public/site): the company's contact details (the contact page's aside
 * and JSON-LD) and the WhatsApp button. Loaded with every public page (lib/route.tsx), so the button comes
 * with the page's data and costs no request of its own.
 */
export const siteLoader = defineLoader({
  id: 'site',
  key: () => 'site',
  load: ({ http }) => fetchSiteInfo(http),
});
