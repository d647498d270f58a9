import { useQueryClient } from '@tanstack/react-query';
import type { SeoCreateInput, SeoEntry, SeoUpdateInput } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { createSeoEntry, updateSeoEntry } from '../../../api/seo';
import { queryKeys } from '../../../lib/queries';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * What the staff do with the SEO entries: create or edit one (the editor shows the failure), turn one on
 * or off on the public pages (confirmed first: it changes what every visitor runs). The answer is put in
 * the cached list at once, then the list refetches.
 */
export function useSeoActions() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { confirm, fail, success } = useFeedback();

  const put = (entry: SeoEntry) => {
    queryClient.setQueryData<SeoEntry[]>(
      queryKeys.seo.entries,
      (entries) => entries && (entries.some((e) => e.id === entry.id) ? entries.map((e) => (e.id === entry.id ? entry : e)) : [...entries, entry]),
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.seo.entries });
  };

  return {
    /** A new entry, or the changed fields of one; throws for the editor to show the server's field errors. */
    save: async (entry: SeoEntry | null, input: SeoCreateInput | SeoUpdateInput): Promise<SeoEntry> => {
      const saved = entry ? await updateSeoEntry(entry, input) : await createSeoEntry(input as SeoCreateInput);
      put(saved);
      success(t(entry ? 'seo.done.updated' : 'seo.done.created'));
      return saved;
    },
    /** Turns an entry on or off after confirmation; false when not confirmed or refused. */
    setActive: async (entry: SeoEntry, active: boolean): Promise<boolean> => {
      const asked = await confirm({
        title: t(active ? 'seo.confirm.onTitle' : 'seo.confirm.offTitle', { name: entry.name }),
        content: t(active ? 'seo.confirm.on' : 'seo.confirm.off'),
        danger: active,
      });
      if (!asked) return false;
      try {
        put(await updateSeoEntry(entry, { active }));
      } catch (error) {
        fail(error);
        return false;
      }
      success(t(active ? 'seo.done.on' : 'seo.done.off', { name: entry.name }));
      return true;
    },
  };
}
