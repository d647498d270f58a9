import { fetchPublicArticle } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';
import { positiveInt } from '../../lib/paths';

/** post/<slug>/<id>: the id (0 when it is not a positive integer) and the slug. */
export function postRef(params: Readonly<Record<string, string | undefined>>): { id: number; uniqueKey: string } {
  return { id: positiveInt(params.id, 0), uniqueKey: params.uniqueKey ?? '' };
}

/** The article and what the page shows around it. Keyed by id only: replacing an old slug with the canonical one does not load it again. */
export const postLoader = defineLoader({
  id: 'post',
  key: ({ params }) => {
    const { id } = postRef(params);
    return id ? `post|${id}` : null;
  },
  load: ({ params, http }) => {
    const { id, uniqueKey } = postRef(params);
    return fetchPublicArticle(http, id, uniqueKey);
  },
});
