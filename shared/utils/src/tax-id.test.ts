import { formatTaxId, isValidCnpj, isValidCpf, isValidTaxId, normalizeTaxId, taxIdKind } from './tax-id';

describe('CPF', () => {
  it('accepts a CPF whose two check digits are right, with or without its mask', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 123.456.789-09 ')).toBe(true);
    // a first check digit of 0 (remainder 10 → 0)
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('refuses a wrong check digit, either of the two', () => {
    expect(isValidCpf('123.456.789-00')).toBe(false);
    expect(isValidCpf('529.982.247-35')).toBe(false);
    expect(isValidCpf('529.982.247-24')).toBe(false);
  });

  it('refuses a repeated digit, the wrong length, letters and non-strings', () => {
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('52998224A25')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf(undefined as unknown as string)).toBe(false);
  });
});

describe('CNPJ', () => {
  it('accepts a numeric CNPJ whose two check digits are right, with or without its mask', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('12.345.678/0001-95')).toBe(true);
  });

  it('accepts the alphanumeric CNPJ (Receita Federal example), in any case', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });

  it('refuses a wrong check digit, a letter among the check digits, a repeated character or the wrong length', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-34')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DÉ-35')).toBe(false);
    expect(isValidCnpj(null as unknown as string)).toBe(false);
  });
});

describe('tax id (CPF or CNPJ)', () => {
  it('tells which kind a valid id is', () => {
    expect(taxIdKind('529.982.247-25')).toBe('cpf');
    expect(taxIdKind('11.222.333/0001-81')).toBe('cnpj');
    expect(taxIdKind('123.456.789-00')).toBeNull();
    expect(isValidTaxId('52998224725')).toBe(true);
    expect(isValidTaxId('11222333000181')).toBe(true);
    expect(isValidTaxId('12345')).toBe(false);
  });

  it('strips the mask and spaces, capitalises letters', () => {
    expect(normalizeTaxId(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });

  it('writes a valid id in its usual mask and leaves anything else as typed (trimmed)', () => {
    expect(formatTaxId('52998224725')).toBe('529.982.247-25');
    expect(formatTaxId('529 982 247 25')).toBe('529.982.247-25');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatTaxId(' 123.456.789-0 ')).toBe('123.456.789-0');
  });
});
