import { CSV_BOM, csvFileName, escapeCsvCell, toCsv, type CsvColumn } from './csv';
import { downloadCsv } from './download-csv';

interface Lead {
  name: string;
  email: string;
  company?: { name: string } | null;
  score: number;
  tags?: string[];
  created?: Date;
}

const rows: Lead[] = [
  { name: 'João "Jota" Silva', email: 'joao@exemplo.com.br', company: { name: 'Açaí; Cia' }, score: 10, tags: ['quente', 'novo'] },
  { name: 'Maria\nSouza', email: 'maria@exemplo.com', company: null, score: -3, created: new Date(2026, 10, 22, 9, 30) },
];

const columns: CsvColumn<Lead>[] = [
  { field: 'name', label: 'Nome' },
  { field: 'email', label: 'E-mail' },
  { field: 'company.name', label: 'Empresa' },
  { field: (row) => row.score * 2, label: 'Pontuação' },
  { field: 'score', label: 'Classe', format: (value) => (Number(value) > 0 ? 'quente' : 'fria') },
  { field: 'tags', label: 'Tags' },
  { field: 'created', label: 'Criado em' },
];

describe('toCsv', () => {
  it('writes a BOM, a header of labels and one CRLF line per row with ; separators', () => {
    const csv = toCsv(rows, columns);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Nome;E-mail;Empresa;Pontuação;Classe;Tags;Criado em',
      '"João ""Jota"" Silva";joao@exemplo.com.br;"Açaí; Cia";20;quente;quente, novo;',
      '"Maria\nSouza";maria@exemplo.com;;-6;fria;;22/11/2026 09:30',
    ]);
  });

  it('can leave out the BOM', () => {
    expect(toCsv([], [{ field: 'a', label: 'A' }], { bom: false })).toBe('A');
  });

  it('passes the row to format', () => {
    const csv = toCsv(rows.slice(0, 1), [{ field: 'score', label: 'X', format: (v, row) => `${row.email}:${String(v)}` }], { bom: false });
    expect(csv).toBe('X\r\njoao@exemplo.com.br:10');
  });

  it('serialises plain objects as JSON and keeps numbers and booleans', () => {
    const csv = toCsv([{ o: { a: 1 }, b: false, n: 0 }], [
      { field: 'o', label: 'o' },
      { field: 'b', label: 'b' },
      { field: 'n', label: 'n' },
    ], { bom: false });
    expect(csv).toBe('o;b;n\r\n"{""a"":1}";false;0');
  });
});

describe('escapeCsvCell', () => {
  it('quotes separators, quotes, line breaks and edge spaces', () => {
    expect(escapeCsvCell('a;b')).toBe('"a;b"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(escapeCsvCell(' lead')).toBe('" lead"');
    expect(escapeCsvCell('plain')).toBe('plain');
  });

  it('neutralises formula-looking text but not numbers', () => {
    expect(escapeCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('+55 11 99999-0000')).toBe("'+55 11 99999-0000");
    expect(escapeCsvCell('-12,50')).toBe('-12,50');
    expect(escapeCsvCell('+3')).toBe('+3');
  });
});

describe('csvFileName', () => {
  const now = new Date(2026, 10, 22, 9, 5, 7);
  it("defaults to 'export' plus an hour-minute-second stamp", () => {
    expect(csvFileName(undefined, undefined, now)).toBe('export-090507.csv');
    expect(csvFileName('leads', true, now)).toBe('leads-090507.csv');
    expect(csvFileName('leads', true, new Date('2026-11-23T20:05:09Z'), 'America/Sao_Paulo')).toBe('leads-170509.csv');
  });
  it('can leave the stamp out', () => {
    expect(csvFileName('leads', false)).toBe('leads.csv');
    expect(csvFileName(undefined, false)).toBe('export.csv');
  });
  it('does not double the extension and falls back on an empty base', () => {
    expect(csvFileName('leads.csv', false)).toBe('leads.csv');
    expect(csvFileName('  ', false)).toBe('export.csv');
  });
  it('uses the current time by default', () => {
    expect(csvFileName()).toMatch(/^export-\d{6}\.csv$/);
  });
});

describe('downloadCsv', () => {
  const created: Blob[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    created.length = 0;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:vitrine/1';
    });
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  it('saves a UTF-8 CSV blob through a temporary link and cleans up', async () => {
    const clicks: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const name = downloadCsv(rows, columns, { base: 'leads', withStamp: false });
    expect(name).toBe('leads.csv');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.download).toBe('leads.csv');
    expect(clicks[0]?.href).toBe('blob:vitrine/1');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:vitrine/1');
    const blob = created[0];
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(blob as Blob);
    });
    const bytes = new Uint8Array(buffer);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    click.mockRestore();
  });
});
