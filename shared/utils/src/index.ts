export { initials } from './initials';
export { truncate, ELLIPSIS, TRUNCATE_TYPE_ERROR } from './truncate';
export {
  readingTime,
  readingMinutes,
  countWords,
  stripHtml,
  formatReadingTime,
  WORDS_PER_MINUTE,
  type ReadingTimeFormatter,
} from './reading-time';
export {
  formatDate,
  formatDateTime,
  formatDateLong,
  formatRelative,
  formatTime,
  monthName,
  parseDate,
  intlLocale,
  DATE_LOCALE,
  type DateInput,
} from './dates';
export {
  toCsv,
  csvFileName,
  escapeCsvCell,
  CSV_SEPARATOR,
  CSV_LINE_BREAK,
  CSV_BOM,
  CSV_MIME,
  type CsvColumn,
  type CsvOptions,
} from './csv';
export {
  luminance,
  isLight,
  textColorOn,
  relativeLuminance,
  contrastRatio,
  readableTextColor,
  contrastingTextColor,
  hexToRgb,
  isHexColor,
  type Rgb,
} from './color';
export { faqProductSlug, slugify } from './slugify';
export { whatsappLink, WHATSAPP_DEFAULT_COLOR } from './whatsapp';
export { formatTaxId, isValidCnpj, isValidCpf, isValidTaxId, normalizeTaxId, taxIdKind, type TaxIdKind } from './tax-id';
export { keyParity, keysOf, type KeyParity, type TextTree } from './text-parity';
export { whenIdle } from './when-idle';
