/**
 * Brazilian tax ids: a person's CPF (11 digits) or a company's CNPJ (14 characters), each checked by
 * its two mod-11 check digits. A CNPJ may be alphanumeric (Receita Federal, IN RFB 2.229/2024): its
 * first 12 characters are digits or capital letters, each worth its character code minus 48 (so a
 * digit is worth itself), and its 2 check digits are digits. Punctuation and spaces are ignored.
 */

export type TaxIdKind = 'cpf' | 'cnpj';

/** The characters of a tax id without its mask (dots, slash, hyphen, spaces), letters in capitals. */
export function normalizeTaxId(value: string): string {
  return value.replace(/[\s./-]/g, '').toUpperCase();
}

/** The check digit of `body` with `weights` (one per character): 11 minus the remainder, 0 from 10 on. */
function checkDigit(body: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += (body.charCodeAt(i) - 48) * weights[i]!;
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A character repeated (000.000.000-00, 11111111111111…): right check digits, yet never issued. */
const repeated = (value: string) => /^(.)\1*$/.test(value);

export function isValidCpf(value: string): boolean {
  if (typeof value !== 'string') return false;
  const cpf = normalizeTaxId(value);
  if (!/^\d{11}$/.test(cpf) || repeated(cpf)) return false;
  return checkDigit(cpf.slice(0, 9), CPF_WEIGHTS.slice(1)) === Number(cpf[9]) && checkDigit(cpf.slice(0, 10), CPF_WEIGHTS) === Number(cpf[10]);
}

export function isValidCnpj(value: string): boolean {
  if (typeof value !== 'string') return false;
  const cnpj = normalizeTaxId(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || repeated(cnpj)) return false;
  return (
    checkDigit(cnpj.slice(0, 12), CNPJ_WEIGHTS.slice(1)) === Number(cnpj[12]) && checkDigit(cnpj.slice(0, 13), CNPJ_WEIGHTS) === Number(cnpj[13])
  );
}

/** Which kind of valid tax id `value` is, or null when it is neither a valid CPF nor a valid CNPJ. */
export function taxIdKind(value: string): TaxIdKind | null {
  if (isValidCpf(value)) return 'cpf';
  if (isValidCnpj(value)) return 'cnpj';
  return null;
}

/** A valid CPF or CNPJ, with or without its mask. */
export function isValidTaxId(value: string): boolean {
  return taxIdKind(value) !== null;
}

/**
 * A valid tax id in its usual mask (123.456.789-09, 12.345.678/0001-95); anything else is answered
 * trimmed and unchanged, for the form to say what is wrong with it.
 */
export function formatTaxId(value: string): string {
  const kind = taxIdKind(value);
  const id = normalizeTaxId(value);
  if (kind === 'cpf') return `${id.slice(0, 3)}.${id.slice(3, 6)}.${id.slice(6, 9)}-${id.slice(9)}`;
  if (kind === 'cnpj') return `${id.slice(0, 2)}.${id.slice(2, 5)}.${id.slice(5, 8)}/${id.slice(8, 12)}-${id.slice(12)}`;
  return value.trim();
}
