import type { Envelope, FaqPage } from '@vitrine/contracts';
import type { PublicHttp } from './public-content';

/** The FAQ (GET /public/faq): the products, in order, each with its active questions in order. */
export async function fetchFaq(http: PublicHttp): Promise<FaqPage> {
  const { data } = await http.get<Envelope<FaqPage>>('/public/faq');
  return data.data;
}
