import { writeCsv } from 'shared-kernel/domain';
import { readSheet } from './shop-data.file';

describe('a shop-data file read back', () => {
  it('takes off the formula guard the export put on text cells, and only that', async () => {
    const texts = ['-2+3', '=HYPERLINK("http://x")', '@SUM(A1)', '+1', "'quoted", '- une cuvée'];
    const csv = writeCsv(
      ['nom'],
      texts.map((t) => [t]),
    );
    const sheet = await readSheet(Buffer.from(csv, 'utf8'));
    expect(sheet.rows.map((r) => r.cells[0])).toEqual(texts);
  });
});
