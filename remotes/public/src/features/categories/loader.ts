import { fetchPublicCategories } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';

/** The blog's categories (filters on the blog page, suggestions on search). */
export const categoriesLoader = defineLoader({
  id: 'categories',
  key: () => 'categories',
  load: ({ http }) => fetchPublicCategories(http),
});
