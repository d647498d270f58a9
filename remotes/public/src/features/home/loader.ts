import { fetchHome, recentUpdatedUsers } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';

/** The home's article sections (GET /public/home). */
export const homeLoader = defineLoader({
  key: () => 'home',
  load: ({ http }) => fetchHome(http),
});

/** The team section: the four most recently updated authors; a failure only hides the section. */
export const teamLoader = defineLoader({
  key: () => 'team',
  load: ({ http }) => recentUpdatedUsers(http, 4).catch(() => []),
});
