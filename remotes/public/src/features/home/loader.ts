import { fetchHome, recentUpdatedUsers } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';

/** The home's article sections (GET /public/home). */
export const homeLoader = defineLoader({
  id: 'home',
  key: () => 'home',
  load: ({ http }) => fetchHome(http),
});

/** The team section: the four most recently updated authors; a failure only hides the section. */
export const teamLoader = defineLoader({
  id: 'team',
  key: () => 'team',
  load: ({ http }) => recentUpdatedUsers(http, 4).catch(() => []),
});
