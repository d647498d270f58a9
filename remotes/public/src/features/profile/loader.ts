import { fetchAuthorProfile } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';
import { positiveInt } from '../../lib/paths';

/** profile/<slug>/<id>: the id (0 when it is not a positive integer) and the slug. */
export function profileRef(params: Readonly<Record<string, string | undefined>>): { id: number; uniqueKey: string } {
  return { id: positiveInt(params.id, 0), uniqueKey: params.uniqueKey ?? '' };
}

/** An author's public profile; nothing is asked when the URL names no author. */
export const profileLoader = defineLoader({
  id: 'profile',
  key: ({ params }) => {
    const { id, uniqueKey } = profileRef(params);
    return id && uniqueKey ? `${id}|${uniqueKey}` : null;
  },
  load: ({ params, http }) => {
    const { id, uniqueKey } = profileRef(params);
    return fetchAuthorProfile(http, id, uniqueKey);
  },
});
