import { DEFAULT_CHART } from './chart';
import { buildFec, fecProblems, FEC_COLUMNS, type NumberedEntry } from './fec';
import { openingDifferences, postOpening } from './opening';
import { isBalanced, postSupplierInvoice, postSupplierPayment } from './posting';

const col = (name: (typeof FEC_COLUMNS)[number]) => FEC_COLUMNS.indexOf(name);

describe('opening entry (À nouveaux)', () => {
  // a year by hand: sales 1 000,00 + VAT 200,00, purchases 300,00 + VAT 60,00, bank +840,00; client C1 owes 360,00 on
  // F1 (open item), supplier F00003 is owed 360,00 on FA9 (open item)
  const balances = [
    { account: '7071', auxiliary: null, auxiliaryLabel: null, debit: 0, credit: 100000 },
    { account: '445712', auxiliary: null, auxiliaryLabel: null, debit: 0, credit: 20000 },
    { account: '607000', auxiliary: null, auxiliaryLabel: null, debit: 30000, credit: 0 },
    { account: '445660', auxiliary: null, auxiliaryLabel: null, debit: 6000, credit: 0 },
    { account: '512', auxiliary: null, auxiliaryLabel: null, debit: 84000, credit: 0 },
    { account: '411', auxiliary: 'C2', auxiliaryLabel: 'Cave Durand', debit: 24000, credit: 24000 },
  ];
  const openItems = [
    {
      entryId: 7,
      account: '411',
      auxiliary: 'C1',
      auxiliaryLabel: 'Cave Dupont',
      pieceRef: 'F1',
      pieceDate: '2025-11-02',
      label: 'Facture F1 Cave Dupont',
      debit: 36000,
      credit: 0,
    },
    {
      entryId: 9,
      account: '401000',
      auxiliary: 'F00003',
      auxiliaryLabel: 'Verrerie',
      pieceRef: 'FA9',
      pieceDate: '2025-12-01',
      label: 'Facture fournisseur FA9 Verrerie',
      debit: 0,
      credit: 36000,
    },
  ];

  it('carries the balance-sheet accounts, each open item with its piece, and the result to 120 (profit) or 129 (loss)', () => {
    const e = postOpening({ date: '2026-01-01', year: 2026, balances, openItems }, DEFAULT_CHART);
    expect(e).toMatchObject({ journal: 'AN', date: '2026-01-01', pieceRef: 'AN2026', pieceDate: '2026-01-01' });
    expect(e.lines.map((l) => [l.account, l.auxiliary, l.debit, l.credit, l.pieceRef ?? null, l.openEntryId ?? null])).toEqual([
      ['445660', null, 6000, 0, null, null],
      ['445712', null, 0, 20000, null, null],
      ['512', null, 84000, 0, null, null],
      ['411', 'C1', 36000, 0, 'F1', 7],
      ['401000', 'F00003', 0, 36000, 'FA9', 9],
      // 1 000,00 of sales − 300,00 of purchases
      ['120000', null, 0, 70000, null, null],
    ]);
    expect(isBalanced(e)).toBe(true);
    // sales of 200,00 only, the rest of the money lent (164): a loss of 100,00
    const lossYear = [
      ...balances.filter((b) => b.account !== '7071'),
      { account: '7071', auxiliary: null, auxiliaryLabel: null, debit: 0, credit: 20000 },
      { account: '164', auxiliary: null, auxiliaryLabel: null, debit: 0, credit: 80000 },
    ];
    const loss = postOpening({ date: '2026-01-01', year: 2026, balances: lossYear, openItems }, DEFAULT_CHART);
    expect(loss.lines.at(-1)).toMatchObject({ account: '129000', debit: 10000, credit: 0 });
    expect(isBalanced(loss)).toBe(true);
  });

  it('the earlier years’ results, never appropriated, on their own line before the year’s', () => {
    const twoYears = [
      ...balances,
      // an earlier year: 50,00 of sales cashed
      { account: '7071', auxiliary: null, auxiliaryLabel: null, debit: 0, credit: 5000, prior: true },
      { account: '512', auxiliary: null, auxiliaryLabel: null, debit: 5000, credit: 0, prior: true },
    ];
    const e = postOpening({ date: '2026-01-01', year: 2026, balances: twoYears, openItems }, DEFAULT_CHART);
    expect(e.lines.slice(-2).map((l) => [l.account, l.label, l.debit, l.credit])).toEqual([
      ['120000', 'Résultats antérieurs non affectés', 0, 5000],
      ['120000', 'À nouveaux au 01/01/2026', 0, 70000],
    ]);
    expect(e.lines.find((l) => l.account === '512')).toMatchObject({ debit: 89000, credit: 0 });
    expect(isBalanced(e)).toBe(true);
  });

  it('names each account and auxiliary whose posted opening differs from the closing', () => {
    const e = postOpening({ date: '2026-01-01', year: 2026, balances, openItems }, DEFAULT_CHART);
    expect(openingDifferences(e.lines, e.lines)).toEqual([]);
    const posted = e.lines.map((l) => (l.account === '512' ? { ...l, debit: 80000 } : l)).filter((l) => l.auxiliary !== 'C1');
    expect(openingDifferences(e.lines, posted)).toEqual([
      { account: '411', auxiliary: 'C1', expected: 36000, posted: 0 },
      { account: '512', auxiliary: null, expected: 84000, posted: 80000 },
    ]);
  });

  it('the FEC writes each opening line with its own piece and lettering', () => {
    const e = postOpening({ date: '2026-01-01', year: 2026, balances, openItems }, DEFAULT_CHART);
    const numbered: NumberedEntry = {
      ...e,
      num: 1,
      validDate: '2026-01-02',
      lines: e.lines.map((l) => ({ ...l, lettering: l.openEntryId === 7 ? { code: 'AB', date: '2026-02-10' } : null })),
    };
    const text = buildFec([numbered]);
    expect(fecProblems(text)).toEqual([]);
    const rows = text
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((r) => r.split('\t'));
    const f1 = rows.find((r) => r[col('CompAuxNum')] === 'C1')!;
    expect([f1[col('PieceRef')], f1[col('PieceDate')], f1[col('EcritureLet')], f1[col('DateLet')]]).toEqual([
      'F1',
      '20251102',
      'AB',
      '20260210',
    ]);
    const bank = rows.find((r) => r[col('CompteNum')] === '512')!;
    expect([bank[col('PieceRef')], bank[col('EcritureLet')], bank[col('JournalLib')]]).toEqual(['AN2026', '', 'À nouveaux']);
  });
});

describe('purchase journal (HA)', () => {
  const inv = {
    id: 4,
    typeCode: '380',
    number: 'FA-77',
    date: '2026-03-02',
    issueDate: '2026-03-02',
    supplier: { id: 12, name: 'Bouchons & Cie' },
    vat: [
      { rate: 20, baseHT: 100000, vat: 20000 },
      { rate: 5.5, baseHT: 10000, vat: 550 },
    ],
    totalHT: 110000,
    totalVAT: 20550,
    totalTTC: 130550,
  };
  const l = (x: { account: string; auxiliary: string | null; debit: number; credit: number }) => [
    x.account,
    x.auxiliary,
    x.debit,
    x.credit,
  ];

  it('an invoice: expense and deductible VAT per rate against the supplier’s auxiliary account; a credit note reversed', () => {
    const e = postSupplierInvoice(inv, DEFAULT_CHART);
    expect(e.journal).toBe('HA');
    expect(e.lines.map(l)).toEqual([
      ['401000', 'F00012', 0, 130550],
      ['607000', null, 100000, 0],
      ['445660', null, 20000, 0],
      ['607000', null, 10000, 0],
      ['445660', null, 550, 0],
    ]);
    expect(e.lines[0]).toMatchObject({ isClient: true, auxiliaryLabel: 'Bouchons & Cie' });
    const credit = postSupplierInvoice({ ...inv, typeCode: '381' }, DEFAULT_CHART);
    expect(credit.lines.map(l)).toEqual(e.lines.map((x) => [x.account, x.auxiliary, x.credit, x.debit]));
    // a prepayment invoice waits on the advances paid to suppliers
    expect(postSupplierInvoice({ ...inv, typeCode: '386' }, DEFAULT_CHART).lines[1].account).toBe('409100');
  });

  it('its payment: the supplier against the bank, a prepaid part out of the advances', () => {
    const p = postSupplierPayment(
      { id: 4, typeCode: '380', number: 'FA-77', date: '2026-04-01', supplier: inv.supplier, totalTTC: 130550, paid: 130550 },
      DEFAULT_CHART,
    );
    expect(p.journal).toBe('BQ');
    expect(p.lines.map(l)).toEqual([
      ['401000', 'F00012', 130550, 0],
      ['512', null, 0, 130550],
    ]);
    const prepaid = postSupplierPayment(
      { id: 4, typeCode: '380', number: 'FA-77', date: '2026-04-01', supplier: inv.supplier, totalTTC: 130550, paid: 100000 },
      DEFAULT_CHART,
    );
    expect(prepaid.lines.map(l)).toEqual([
      ['401000', 'F00012', 130550, 0],
      ['512', null, 0, 100000],
      ['409100', null, 0, 30550],
    ]);
  });
});
