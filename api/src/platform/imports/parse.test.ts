import { HttpError } from '../errors';
import { readHeadedTable, readTextTable, IMPORT_LIMIT_MESSAGES as L } from './index';
import { lyingAboutItsSize, xlsxBomb, xlsxOf } from './xlsx-bomb.test-support';

const opts = { field: 'file', messages: { unreadable: 'Illisible', empty: 'Vide' } };
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  const { status, message, field } = err as HttpError;
  return { status, message, field };
};

describe('the bounded parse of an import file', () => {
  it('reads CSV and XLSX alike: unique headers, non-blank trimmed rows with their line', async () => {
    const csv = await readHeadedTable(Buffer.from('\uFEFFNom;Nom; \n\nDurand ; Paul;x\n'), opts);
    expect(csv).toEqual({ headers: ['Nom', 'Nom (2)', 'Colonne 3'], rows: [{ line: 3, cells: ['Durand', 'Paul', 'x'] }] });
    const xlsx = await readHeadedTable(
      await xlsxOf([
        ['Nom', 'Email'],
        ['Durand', 'd@x.test'],
      ]),
      opts,
    );
    expect(xlsx).toEqual({ headers: ['Nom', 'Email'], rows: [{ line: 2, cells: ['Durand', 'd@x.test'] }] });
  });

  it('refuses a workbook from the sizes it declares, and one that lies while it is inflated', async () => {
    const bomb = await xlsxBomb(20);
    const limits = { maxSheetBytes: 8 * 1024 * 1024 };
    expect(await refusal(readTextTable(bomb, { ...opts, limits }))).toEqual({
      status: 413,
      message: L.partTooBig('xl/worksheets/sheet1.xml', 8 * 1024 * 1024),
      field: 'file',
    });
    expect(await refusal(readTextTable(bomb, { ...opts, limits: { maxTotalBytes: 16 * 1024 * 1024 } }))).toEqual({
      status: 413,
      message: L.totalTooBig(16 * 1024 * 1024),
      field: 'file',
    });
    expect(await refusal(readTextTable(lyingAboutItsSize(bomb), { ...opts, limits }))).toEqual({
      status: 400,
      message: L.sizeMismatch,
      field: 'file',
    });
  });

  it('counts the cells of a workbook before building it, and the records of a CSV as they are read', async () => {
    const grid = Array.from({ length: 4 }, () => ['a', 'b', 'c']);
    expect(await refusal(readTextTable(await xlsxOf(grid), { ...opts, limits: { maxCells: 10 } }))).toEqual({
      status: 400,
      message: L.tooManyCells(10),
      field: 'file',
    });
    const csv = Buffer.from(grid.map((r) => r.join(';')).join('\n'));
    expect(await refusal(readTextTable(csv, { ...opts, limits: { maxCells: 10 } }))).toEqual({
      status: 400,
      message: L.tooManyCells(10),
      field: 'file',
    });
    expect(await refusal(readTextTable(csv, { ...opts, limits: { maxRows: 1 } }))).toEqual({
      status: 400,
      message: L.tooManyRows(1),
      field: 'file',
    });
  });

  it('a zip that is no workbook is unreadable, not a server error', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(await refusal(readTextTable(bytes, opts))).toEqual({ status: 400, message: 'Illisible', field: 'file' });
  });
});
