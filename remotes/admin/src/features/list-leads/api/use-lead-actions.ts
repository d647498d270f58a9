import { useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadClassification, LeadStatusAction, ListPage } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { classifyLead, clearLeadBounce, convertLead, markLead, setLeadStatus } from '../../../api/leads';
import { queryKeys } from '../../../lib/queries';
import { useFeedback } from '../../../lib/use-feedback';

/** The status actions of the row menu, each with its confirmation's title and text keys. */
const STATUS_TEXTS: Record<LeadStatusAction, { title: string; text: string; danger: boolean }> = {
  active: { title: 'leads.confirmTitles.activate', text: 'leads.confirm.activate', danger: false },
  inactive: { title: 'leads.confirmTitles.pause', text: 'leads.confirm.pause', danger: false },
  blackListed: { title: 'leads.confirmTitles.blacklist', text: 'leads.confirm.blacklist', danger: true },
  deleted: { title: 'leads.confirmTitles.delete', text: 'leads.confirm.delete', danger: true },
};

/**
 * What the staff do with a lead: classify (at once), activate / pause / blacklist / delete, convert and clear a
 * bounce (each confirmed, saying what follows), mark or unmark as lead. The answer replaces the row
 * in every cached page at once, then the pages refetch (a filter may no longer match it).
 * Each resolves to whether the change was made.
 */
export function useLeadActions() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { confirm, fail, success } = useFeedback();

  const changed = (lead: Lead) => {
    queryClient.setQueriesData<ListPage<Lead>>({ queryKey: queryKeys.leads.lists }, (page) =>
      page && { ...page, items: page.items.map((item) => (item.id === lead.id ? lead : item)) },
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.leads.lists });
  };

  const attempt = async (request: () => Promise<Lead>, done: string): Promise<boolean> => {
    try {
      changed(await request());
    } catch (error) {
      fail(error);
      return false;
    }
    success(done);
    return true;
  };

  const names = (lead: Lead) => ({ name: lead.name || lead.email, email: lead.email });

  return {
    classify: (lead: Lead, classification: LeadClassification) => attempt(() => classifyLead(lead, classification), t('leads.done.classified')),
    setStatus: async (lead: Lead, status: LeadStatusAction) => {
      const texts = STATUS_TEXTS[status];
      if (!(await confirm({ title: t(texts.title), content: t(texts.text, names(lead)), danger: texts.danger }))) return false;
      return attempt(() => setLeadStatus(lead, status), t(status === 'deleted' ? 'leads.done.deleted' : 'leads.done.statusChanged'));
    },
    mark: (lead: Lead, isLead: boolean) => attempt(() => markLead(lead, isLead), t(isLead ? 'leads.done.marked' : 'leads.done.unmarked')),
    /** The address's bounce, cleared (confirmed first): the subscriber gets mail again once they confirm a new sign-up. */
    clearBounce: async (lead: Lead) => {
      if (!(await confirm({ title: t('leads.confirmTitles.clearBounce'), content: t('leads.confirm.clearBounce', names(lead)) }))) return false;
      return attempt(() => clearLeadBounce(lead), t('leads.done.bounceCleared'));
    },
    convert: async (lead: Lead) => {
      if (!(await confirm({ title: t('leads.confirmTitles.convert'), content: t('leads.confirm.convert', names(lead)) }))) return false;
      return attempt(() => convertLead(lead), t('leads.done.converted'));
    },
  };
}
