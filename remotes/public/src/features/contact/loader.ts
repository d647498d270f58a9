import { fetchSiteInfo } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';

/** The company's contact details (GET /public/site): the contact page's aside and its JSON-LD. */
export const siteLoader = defineLoader({
  id: 'site',
  key: () => 'site',
  load: ({ http }) => fetchSiteInfo(http),
});
