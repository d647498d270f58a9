import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@vitrine/core';
import { erasePerson, personData } from '../../../api/leads';
import { queryKeys } from '../../../lib/queries';
import { saveBlob } from '@vitrine/utils/download-csv';
import { useFeedback } from '../../../lib/use-feedback';

/** `person-data-ana_empresa.com.br.json`: the email, safe as a file name. */
export const personFileName = (email: string) => `person-data-${email.trim().toLowerCase().replace(/[^a-z0-9._-]+/g, '_')}.json`;

/**
 * One person's data by email (a data subject's request): export everything stored as a JSON file
 * (confirmed: the API records the request), or erase it (the modal asks for the email again first).
 * Each resolves to whether it was done.
 */
export function usePrivacyActions() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { confirm, fail, success } = useFeedback();

  return {
    exportData: async (email: string): Promise<boolean> => {
      if (!(await confirm({ title: t('leads.privacy.exportConfirmTitle'), content: t('leads.privacy.exportConfirm', { email }) }))) return false;
      try {
        const data = await personData(email);
        saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), personFileName(email));
      } catch (error) {
        fail(error);
        return false;
      }
      success(t('leads.privacy.exported', { email }));
      return true;
    },
    erase: async (email: string): Promise<boolean> => {
      try {
        const counts = await erasePerson(email);
        success(t('leads.privacy.erased', { leads: counts.leads, messages: counts.messages }));
      } catch (error) {
        fail(error);
        return false;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.leads.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.inbox });
      return true;
    },
  };
}
