import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeadsExportInput } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { csvFileName } from '@vitrine/utils';
import { exportLeads } from '../../../api/leads';
import { saveBlob } from '@vitrine/utils/download-csv';
import { useFeedback } from '../../../lib/use-feedback';

/** The export under way: the bytes received so far (the server streams; the total is not known). */
export interface ExportState {
  running: boolean;
  bytes: number;
}

const isCancel = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_CANCELED';

/**
 * Exports the leads of the given filters: the CSV is downloaded with its progress, then saved under the
 * server's file name (leads-HHMMSS.csv; built here the same way if the browser may not read the header).
 * Cancellable; leaving the page cancels it.
 */
export function useExportLeads() {
  const { t } = useTranslation('admin');
  const { fail, success } = useFeedback();
  const [state, setState] = useState<ExportState>({ running: false, bytes: 0 });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (input: LeadsExportInput) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ running: true, bytes: 0 });
      try {
        const file = await exportLeads(input, { signal: current.signal, onProgress: (bytes) => setState({ running: true, bytes }) });
        const name = file.fileName ?? csvFileName(input.base ?? 'leads');
        saveBlob(file.blob, name);
        success(t('leads.export.done', { file: name }));
      } catch (error) {
        if (!isCancel(error)) fail(error);
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setState({ running: false, bytes: 0 });
        }
      }
    },
    [fail, success, t],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { ...state, start, cancel };
}
