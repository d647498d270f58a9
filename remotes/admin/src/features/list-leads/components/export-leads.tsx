import { Button, Spin } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { LeadsExportInput } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { formatBytes } from '../../../lib/format-bytes';
import { useExportLeads } from '../api/use-export-leads';
import { intlLocale } from '../../../lib/intl-locale';

/** "Export CSV" for the current filters; while the file streams in, the bytes received so far and Cancel. */
export function ExportLeads({ input }: { input: () => LeadsExportInput }) {
  const { t, i18n } = useTranslation('admin');
  const exporter = useExportLeads();

  if (!exporter.running) {
    return (
      <Button icon={<DownloadOutlined />} onClick={() => void exporter.start(input())}>
        {t('leads.export.button')}
      </Button>
    );
  }
  return (
    <span className="vt-leads__export" data-testid="leads-export-progress">
      <span role="status" className="vt-leads__export-status">
        <Spin size="small" /> {t('leads.export.running', { size: formatBytes(exporter.bytes, intlLocale(i18n.language)) })}
      </span>
      <Button size="small" onClick={exporter.cancel}>
        {t('leads.export.cancel')}
      </Button>
    </span>
  );
}
