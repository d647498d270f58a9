import { csvFileName, CSV_MIME, toCsv, type CsvColumn } from './csv';

/*
 * Browser only: kept out of the package's main entry so Node code (the API)
 * can use the rest of @vitrine/utils without DOM types. Import it from
 * '@vitrine/utils/download-csv'.
 */

export interface DownloadCsvOptions {
  /** Base of the file name (default 'export'). */
  base?: string;
  /** Append the hour-minute-second stamp (default true). */
  withStamp?: boolean;
}

/**
 * Has the browser save `blob` as `fileName`: an object URL and a click on a temporary `<a download>`, both
 * cleaned up at once (the download has started by then). Browser only.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    URL.revokeObjectURL(url);
  }
}

/** Builds the CSV and has the browser save it; returns the file name used. Browser only. */
export function downloadCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[], options: DownloadCsvOptions = {}): string {
  const fileName = csvFileName(options.base, options.withStamp);
  saveBlob(new Blob([toCsv(rows, columns)], { type: CSV_MIME }), fileName);
  return fileName;
}
