import type { Envelope, FaqPage } from '@vitrine/contracts';
import { pageLanguage } from './page-language';
import type { PublicHttp } from './public-content';

/**
 * The FAQ (GET /public/faq): the products, in order, each with its active questions in order, in the page's language
 * (`?lang=`; pt-BR where a text is not translated; docs/decisions/i18n.md, "Translated content"). On the server the
 * renderer's client sets the page's own language over this one.
 */
export async function fetchFaq(http: PublicHttp): Promise<FaqPage> {
  const { data } = await http.get<Envelope<FaqPage>>('/public/faq', pageLanguage());
  return data.data;
}
