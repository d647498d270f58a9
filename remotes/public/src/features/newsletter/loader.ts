import { fetchSubscription } from '../../api/newsletter';
import { defineLoader } from '../../lib/loader';
import { positiveInt } from '../../lib/paths';

/** The API's subscription keys (random, URL-safe). */
const UNIQUE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** unsubscribe-newsletter/<uniqueKey>/<id>: the subscription the link names (id 0 when it names none). */
export function subscriptionRef(params: Readonly<Record<string, string | undefined>>): { id: number; uniqueKey: string } {
  const uniqueKey = params.uniqueKey ?? '';
  return { id: UNIQUE_KEY.test(uniqueKey) ? positiveInt(params.id, 0) : 0, uniqueKey };
}

/**
 * The subscription of the page's link: masked email and state (404 when unknown). Nothing is asked when
 * the link names none, or when the API already called it invalid (`?status=invalid`).
 */
export const subscriptionLoader = defineLoader({
  id: 'newsletter-subscription',
  key: ({ params, search }) => {
    const { id, uniqueKey } = subscriptionRef(params);
    return id && search.get('status') !== 'invalid' ? `${id}|${uniqueKey}` : null;
  },
  load: ({ params, http }) => {
    const { id, uniqueKey } = subscriptionRef(params);
    return fetchSubscription(http, id, uniqueKey);
  },
});
