import { TARIFF_MESSAGES, type TariffTypology } from 'shared-kernel/contracts';
import { netPrices, tariffsImport, type PriceCell } from './tariffs.import';

const typologies: TariffTypology[] = [
  { id: 'particulier', name: 'Particulier', ttc: true, public: true } as TariffTypology,
  { id: 'pro', name: 'Professionnel', ttc: false, public: false } as TariffTypology,
];
const ctx = { shopId: 1, typologies };

describe('the tariffs import read (no database)', () => {
  it('reads one unit per filled row with its non-empty price cells; unknown typology columns are errors of line 1', () => {
    const read = tariffsImport.read(
      [
        ['Id format', 'Produit', 'Particulier (TTC)', 'Grossiste (HT)', 'pro'],
        [12, 'Galets', '21,00', '', null],
        [null, null, null, null, null],
        ['abc', 'x', '', '', 9.5],
      ],
      ctx,
    );
    expect(read.errors).toEqual([{ line: 1, column: 'Grossiste (HT)', message: TARIFF_MESSAGES.lineUnknownTypology('Grossiste (HT)') }]);
    expect(read.lines).toBe(2);
    expect(read.units).toEqual([
      { line: 2, rawId: '12', cells: [{ typology: 'particulier', title: 'Particulier (TTC)', raw: '21,00' }] },
      { line: 4, rawId: 'abc', cells: [{ typology: 'pro', title: 'pro', raw: 9.5 }] },
    ]);
  });

  it('a file without « Id format » or without a price column is one error of line 1 and no unit', () => {
    expect(
      tariffsImport.read(
        [
          ['Produit', 'Particulier'],
          ['A', 1],
        ],
        ctx,
      ),
    ).toEqual({
      units: [],
      lines: 0,
      errors: [{ line: 1, message: TARIFF_MESSAGES.fileNoIdColumn }],
    });
    expect(
      tariffsImport.read(
        [
          ['Id format', 'Produit'],
          [1, 'A'],
        ],
        ctx,
      ).errors,
    ).toEqual([{ line: 1, message: TARIFF_MESSAGES.fileNoPriceColumn }]);
  });
});

describe('netPrices', () => {
  const cell = (key: string, priceCents: number, old: number | null): PriceCell => ({
    key,
    old,
    item: { formatId: Number(key.split(':')[0]), typology: key.split(':')[1], priceCents },
    change:
      old === priceCents
        ? null
        : { formatId: 1, typology: 't', productName: 'P', vintage: null, formatLabel: '75 cl', oldCents: old, newCents: priceCents },
  });

  it('keeps the last price of a cell given twice, and drops a change a later cell equal to the stored price cancels', () => {
    const net = netPrices([
      cell('1:a', 900, 500),
      cell('2:a', 700, null),
      cell('1:a', 1000, 500),
      cell('2:a', 500, 500),
      cell('3:b', 300, 300),
    ]);
    expect(net.map((n) => n.item)).toEqual([{ formatId: 1, typology: 'a', priceCents: 1000 }]);
    // the cancelled cell is gone even though it changed first
    expect(netPrices([cell('2:a', 700, 500), cell('2:a', 500, 500)])).toEqual([]);
  });
});
