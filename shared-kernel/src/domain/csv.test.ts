import Papa from 'papaparse';
import { CSV_BOM, csvCell, csvFixed, csvLines, neutralizeFormula, spreadsheetCell, writeCsv } from './csv';

const body = (csv: string) => csv.slice(CSV_BOM.length).split('\r\n');

describe('writeCsv', () => {
  it('neutralises every text a spreadsheet would run as a formula, and quotes it', () => {
    const csv = writeCsv(
      ['v'],
      [['=HYPERLINK("http://x")'], ['+1'], ['-2+3'], ['@SUM(A1)'], ['\tcmd'], ['\rcmd'], ['=1;2'], ['a=b'], ['2-3']],
    );
    expect(body(csv)).toEqual([
      'v',
      `"'=HYPERLINK(""http://x"")"`,
      `"'+1"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tcmd"`,
      `"'\rcmd"`,
      `"'=1;2"`,
      'a=b',
      '2-3',
    ]);
  });

  it('keeps numbers numeric, negative ones included, with the decimal comma', () => {
    const csv = writeCsv(
      ['n', 'fixed', 'big'],
      [
        [-12.5, csvFixed(-1250 / 100, 2), BigInt(-3)],
        [0.1, csvFixed(7, 2), 0],
      ],
    );
    expect(body(csv)).toEqual(['n;fixed;big', '-12,5;-12,50;-3', '0,1;7,00;0']);
    expect(writeCsv(null, [[-12.5]], { decimal: '.', bom: false })).toBe('-12.5');
  });

  it('quotes per RFC 4180: separators, quotes and line breaks stay in their cell', () => {
    const rows = [['Dupont; fils', 'dit "urgent"', 'ligne 1\nligne 2', 'a\r\nb', ' espace']];
    const csv = writeCsv(['a', 'b', 'c', 'd', 'e'], rows);
    expect(body(csv)[1]).toBe('"Dupont; fils";"dit ""urgent""";"ligne 1\nligne 2";"a');
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' });
    expect(parsed.data[1]).toEqual(rows[0]);
  });

  it('reads back what was written, a neutralised text behind its apostrophe', () => {
    const csv = writeCsv(
      ['a', 'b'],
      [
        ['-2+3', -2],
        ['=x', 'ok'],
      ],
      { separator: ',' },
    );
    expect(Papa.parse<string[]>(csv.slice(1)).data).toEqual([
      ['a', 'b'],
      ["'-2+3", '-2'],
      ["'=x", 'ok'],
    ]);
  });

  it('writes the BOM first unless asked not to', () => {
    expect(writeCsv(['a'], []).startsWith(CSV_BOM)).toBe(true);
    expect(writeCsv(['a'], [], { bom: false })).toBe('a');
  });
});

describe('csvCell', () => {
  it('formats values for French spreadsheets', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(0.1)).toBe('0,1');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('Oui');
    expect(csvCell(false, { booleans: ['oui', 'non'] })).toBe('non');
    expect(csvCell(['a', 2.5])).toBe('a, 2,5');
    expect(csvCell(new Date('2024-05-01T10:00:00Z'))).toBe('2024-05-01T10:00:00.000Z');
  });

  it('neutralises text only: a string "-12,5" is text, the number -12.5 is not', () => {
    expect(csvCell('-12,5')).toBe("'-12,5");
    expect(csvCell(-12.5)).toBe('-12,5');
    expect(csvCell(['-1', 2])).toBe("'-1, 2");
  });
});

describe('csvLines', () => {
  it('ends every line, without a BOM', () => {
    expect(
      csvLines([
        ['a', -1],
        ['@b', 2],
      ]),
    ).toBe(`a;-1\r\n"'@b";2\r\n`);
    expect(csvLines([])).toBe('');
  });
});

describe('spreadsheetCell', () => {
  it('neutralises texts and leaves numbers, dates and nothing alone', () => {
    for (const c of ['=', '+', '-', '@', '\t', '\r']) expect(spreadsheetCell(`${c}1`)).toBe(`'${c}1`);
    expect(spreadsheetCell(-12.5)).toBe(-12.5);
    expect(spreadsheetCell(null)).toBeNull();
    const d = new Date();
    expect(spreadsheetCell(d)).toBe(d);
    expect(neutralizeFormula('Château')).toBe('Château');
  });
});
