import type { Envelope, NewsletterSubscribeInput, NewsletterSubscription } from '@vitrine/contracts';
import { http as browserHttp } from '@vitrine/core';
import { pageLanguage } from './page-language';
import type { PublicHttp } from './public-content';

/** `{id}/{unique_key}` of a subscription, as the API's paths write it. */
export const ref = (id: number, uniqueKey: string) => `${id}/${encodeURIComponent(uniqueKey)}`;

/** Asks for the weekly newsletter (POST /public/newsletter, 202): a confirmation link is mailed (double opt-in), in the page's language as every digest. */
export async function subscribeNewsletter(input: NewsletterSubscribeInput): Promise<void> {
  await browserHttp.post('/public/newsletter', input, pageLanguage());
}

/** A subscription as its own link shows it: the email partly hidden, and pending, active or cancelled (a route read, 404 when unknown). */
export async function fetchSubscription(http: PublicHttp, id: number, uniqueKey: string): Promise<NewsletterSubscription> {
  const { data } = await http.get<Envelope<NewsletterSubscription>>(`/public/newsletter/subscription/${ref(id, uniqueKey)}`);
  return data.data;
}
