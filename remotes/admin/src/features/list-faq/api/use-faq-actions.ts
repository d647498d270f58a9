import { useQueryClient } from '@tanstack/react-query';
import type { FaqCreateInput, FaqEntry, FaqUpdateInput } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { createFaqEntry, deleteFaqEntry, updateFaqEntry } from '../../../api/faq';
import { queryKeys } from '../../../lib/queries';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * What the staff do with the FAQ's entries: create or edit one (the form shows the failure), show or
 * hide one on the site (at once), delete one (confirmed). The answer is put in the cached list at
 * once, then the list refetches.
 */
export function useFaqActions() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { confirm, fail, success } = useFeedback();

  const patch = (change: (entries: FaqEntry[]) => FaqEntry[]) => {
    queryClient.setQueryData<FaqEntry[]>(queryKeys.faq.entries, (entries) => entries && change(entries));
    void queryClient.invalidateQueries({ queryKey: queryKeys.faq.entries });
  };
  const put = (entry: FaqEntry) =>
    patch((entries) => (entries.some((e) => e.id === entry.id) ? entries.map((e) => (e.id === entry.id ? entry : e)) : [...entries, entry]));

  return {
    /** A new entry, or the changed fields of one; throws for the form to show the server's field errors. */
    save: async (entry: FaqEntry | null, input: FaqCreateInput | FaqUpdateInput): Promise<FaqEntry> => {
      const saved = entry ? await updateFaqEntry(entry.id, input) : await createFaqEntry(input as FaqCreateInput);
      put(saved);
      success(t(entry ? 'faq.done.updated' : 'faq.done.created'));
      return saved;
    },
    setActive: async (entry: FaqEntry, active: boolean): Promise<boolean> => {
      try {
        put(await updateFaqEntry(entry.id, { active }));
      } catch (error) {
        fail(error);
        return false;
      }
      success(t(active ? 'faq.done.shown' : 'faq.done.hidden'));
      return true;
    },
    remove: async (entry: FaqEntry): Promise<boolean> => {
      if (!(await confirm({ title: t('faq.confirmTitle'), content: t('faq.confirmDelete', { question: entry.question }), danger: true }))) return false;
      try {
        await deleteFaqEntry(entry.id);
      } catch (error) {
        fail(error);
        return false;
      }
      patch((entries) => entries.filter((e) => e.id !== entry.id));
      success(t('faq.done.deleted'));
      return true;
    },
  };
}
