import { accountProblem, clientAccount, DEFAULT_CHART, overrideAccount, type ChartOfAccounts } from './chart';
import { fiscalYearStarting } from './fiscal-days';
import { buildFec, fecAmount, fecFileName, fecProblems, FEC_COLUMNS, type NumberedEntry } from './fec';
import { isBalanced, postDocument, postPayment, postTillClosing, sumCredit, sumDebit, type Entry, type PostableDocument } from './posting';

const chart: ChartOfAccounts = { ...DEFAULT_CHART, clients: { mode: 'auxiliary', collective: '411', prefix: '411' } };
const line = (e: Entry, account: string) => e.lines.filter((l) => l.account === account);
const debitOf = (e: Entry, account: string) => line(e, account).reduce((n, l) => n + l.debit, 0);
const creditOf = (e: Entry, account: string) => line(e, account).reduce((n, l) => n + l.credit, 0);

/**
 * An invoice by hand: 12 bottles at 10,00 € HT incl. 0,50 € duties each (120,00 € HT, 6,00 € duties), 10 % off
 * already in the line (108,00 € HT, duties 5,40 €), a tasting at 50,00 € HT, shipping 15,00 € HT; VAT 20 % on
 * 173,00 € = 34,60 €; a service at 5,5 % — 10,00 € HT, VAT 0,55 €. HT 183,00 €, VAT 35,15 €, TTC 218,15 €.
 */
const invoice: PostableDocument = {
  kind: 'invoice',
  number: 'F2026-00042',
  issueDate: '2026-03-14',
  client: { name: 'Cave Dupont', code: 'CL00005' },
  lines: [
    { accountingType: 'product', totalHT: 10800, duties: 540, vatRate: 20 },
    { accountingType: 'productTasting', totalHT: 5000, duties: 0, vatRate: 20 },
    { accountingType: 'shipping', totalHT: 1500, duties: 0, vatRate: 20 },
    { accountingType: 'prestation', totalHT: 1000, duties: 0, vatRate: 5.5 },
  ],
  vat: [
    { rate: 20, vat: 3460 },
    { rate: 5.5, vat: 55 },
  ],
  totalHT: 18300,
  totalVAT: 3515,
  totalTTC: 21815,
};

describe('posting the documents', () => {
  it('an invoice: client debit TTC; income per type net of duties; duties; VAT per rate — balanced to the cent', () => {
    const e = postDocument(invoice, chart);
    expect(e).toMatchObject({ journal: 'VT', date: '2026-03-14', pieceRef: 'F2026-00042' });
    expect(line(e, '411CL00005')).toEqual([
      expect.objectContaining({ debit: 21815, credit: 0, auxiliary: 'CL00005', auxiliaryLabel: 'Cave Dupont' }),
    ]);
    expect(creditOf(e, '7071')).toBe(10260);
    expect(creditOf(e, '7072')).toBe(5000);
    expect(creditOf(e, '7085')).toBe(1500);
    expect(creditOf(e, '706')).toBe(1000);
    expect(creditOf(e, '4471')).toBe(540);
    expect(creditOf(e, '445712')).toBe(3460);
    expect(creditOf(e, '445713')).toBe(55);
    expect(sumDebit(e)).toBe(21815);
    expect(sumCredit(e)).toBe(21815);
  });

  it('a deposit waits in 4191 with its VAT; the final invoice takes it back out of 4191 and of the VAT', () => {
    // 30 % of 218,15 € = 65,45 € TTC: 54,54 € HT at 20 % → 10,91 € VAT (65,45 €)
    const deposit: PostableDocument = {
      kind: 'deposit',
      number: 'F2026-00040',
      issueDate: '2026-03-01',
      client: invoice.client,
      lines: [{ accountingType: 'product', totalHT: 5454, duties: 0, vatRate: 20 }],
      vat: [{ rate: 20, vat: 1091 }],
      totalHT: 5454,
      totalVAT: 1091,
      totalTTC: 6545,
    };
    const d = postDocument(deposit, chart);
    expect([debitOf(d, '411CL00005'), creditOf(d, '4191'), creditOf(d, '445712')]).toEqual([6545, 5454, 1091]);
    const final = postDocument(
      {
        ...invoice,
        depositsDeducted: [{ number: 'F2026-00040', totalHT: 5454, totalVAT: 1091, totalTTC: 6545, vat: [{ rate: 20, vat: 1091 }] }],
      },
      chart,
    );
    expect(debitOf(final, '411CL00005')).toBe(21815 - 6545);
    expect(debitOf(final, '4191')).toBe(5454);
    expect(debitOf(final, '445712')).toBe(1091);
    expect(creditOf(final, '445712')).toBe(3460);
    expect(isBalanced(final)).toBe(true);
  });

  it('a partial credit note is the mirror of its lines', () => {
    const credit = postDocument(
      {
        kind: 'credit',
        number: 'AV2026-00003',
        issueDate: '2026-03-20',
        client: invoice.client,
        lines: [{ accountingType: 'product', totalHT: 1800, duties: 90, vatRate: 20 }],
        vat: [{ rate: 20, vat: 360 }],
        totalHT: 1800,
        totalVAT: 360,
        totalTTC: 2160,
      },
      chart,
    );
    expect([creditOf(credit, '411CL00005'), debitOf(credit, '7071'), debitOf(credit, '4471'), debitOf(credit, '445712')]).toEqual([
      2160, 1710, 90, 360,
    ]);
    expect(isBalanced(credit)).toBe(true);
  });

  it('payments: bank or till against the client; a refund the other way; one collective client account', () => {
    const collective = { ...DEFAULT_CHART };
    const p = postPayment(
      { id: 9, direction: 'in', method: 'transfer', amount: 21815, paidAt: '2026-04-02', reference: 'VIR 123', client: invoice.client },
      collective,
    );
    expect(p).toMatchObject({ journal: 'BQ', pieceRef: 'VIR 123' });
    expect([debitOf(p, '512'), creditOf(p, '411')]).toEqual([21815, 21815]);
    expect(line(p, '411')[0]).toMatchObject({ auxiliary: 'CL00005' });
    const cash = postPayment(
      { id: 10, direction: 'out', method: 'cash', amount: 500, paidAt: '2026-04-03', reference: null, client: invoice.client },
      collective,
    );
    expect(cash).toMatchObject({ journal: 'CA', pieceRef: 'REG10' });
    expect([creditOf(cash, '530'), debitOf(cash, '411')]).toEqual([500, 500]);
  });

  it('a till closing: each method debited, income per type and VAT per rate credited; a cash gap to 658 / 758', () => {
    // 3 bottles at 12,50 € HT (VAT 20 %: 7,50 €) and a jam at 5,00 € HT (VAT 5,5 %: 0,28 €): 50,28 € sold
    const z = {
      id: 7,
      date: '2026-06-20',
      reference: 'Z2026-0007',
      salespoint: 'Caveau',
      sales: [
        { accountingType: 'product', vatRate: 20, totalHT: 3750, vat: 750 },
        { accountingType: 'marchandise', vatRate: 5.5, totalHT: 500, vat: 28 },
      ],
      payments: [
        { method: 'cash', amount: 2000 },
        { method: 'card', amount: 3028 },
      ],
    };
    const e = postTillClosing(z, chart);
    expect(e).toMatchObject({ journal: 'CA', date: '2026-06-20', pieceRef: 'Z2026-0007' });
    expect(debitOf(e, '530')).toBe(2000);
    expect(debitOf(e, '512')).toBe(3028);
    expect(line(e, '658').concat(line(e, '758'))).toEqual([]);
    expect(creditOf(e, '7071')).toBe(3750);
    expect(creditOf(e, '707')).toBe(500);
    expect(creditOf(e, '445712')).toBe(750);
    expect(creditOf(e, '445713')).toBe(28);
    expect(isBalanced(e)).toBe(true);
    // 1,00 € missing from the drawer: a loss; 0,50 € too much: a gain
    const short = postTillClosing(
      {
        ...z,
        payments: [
          { method: 'cash', amount: 1900 },
          { method: 'card', amount: 3028 },
        ],
      },
      chart,
    );
    expect(debitOf(short, '658')).toBe(100);
    expect(isBalanced(short)).toBe(true);
    const over = postTillClosing(
      {
        ...z,
        payments: [
          { method: 'cash', amount: 2050 },
          { method: 'card', amount: 3028 },
        ],
      },
      chart,
    );
    expect(creditOf(over, '758')).toBe(50);
    expect(isBalanced(over)).toBe(true);
  });

  it('a till closing goes through the counter-sales client account of the settings, which comes back to zero', () => {
    const z = {
      id: 7,
      date: '2026-06-20',
      reference: 'Z2026-0007',
      salespoint: 'Caveau',
      sales: [{ accountingType: 'product', vatRate: 20, totalHT: 4000, vat: 800 }],
      payments: [
        { method: 'cash', amount: 1900 },
        { method: 'card', amount: 3000 },
      ],
    };
    const e = postTillClosing(z, { ...chart, counterSalesClient: '411COMPTOIR' });
    // sold 48,00 € TTC, taken 49,00 €: the client is debited with the sale and the 1,00 € gain, credited with the takings
    expect(debitOf(e, '411COMPTOIR')).toBe(4900);
    expect(creditOf(e, '411COMPTOIR')).toBe(4900);
    expect(creditOf(e, '758')).toBe(100);
    expect(isBalanced(e)).toBe(true);
    const short = postTillClosing({ ...z, payments: [{ method: 'cash', amount: 4700 }] }, { ...chart, counterSalesClient: '411COMPTOIR' });
    expect(debitOf(short, '411COMPTOIR')).toBe(4800);
    expect(creditOf(short, '411COMPTOIR')).toBe(4800);
    expect(debitOf(short, '658')).toBe(100);
    // without a counter-sales account the payments face the income directly
    expect(line(postTillClosing(z, { ...chart, counterSalesClient: '' }), '411COMPTOIR')).toEqual([]);
  });

  it('every generated entry is balanced, whatever the amounts (property)', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const rates = [20, 10, 5.5, 2.1, 0];
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: 1 + rnd(6) }, () => {
        const ht = rnd(500000);
        return {
          accountingType: ['product', 'shipping', 'prestation', 'box'][rnd(4)],
          totalHT: ht,
          duties: rnd(Math.max(1, ht)),
          vatRate: rates[rnd(5)],
        };
      });
      const byRate = new Map<number, number>();
      for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.totalHT);
      const vat = [...byRate].map(([rate, base]) => ({ rate, vat: Math.round((base * rate) / 100) }));
      const totalHT = lines.reduce((n, l) => n + l.totalHT, 0);
      const totalVAT = vat.reduce((n, v) => n + v.vat, 0);
      const kind = (['invoice', 'credit'] as const)[rnd(2)];
      const e = postDocument(
        {
          kind,
          number: `X${i}`,
          issueDate: '2026-01-01',
          client: { name: 'C', code: null },
          lines,
          vat,
          totalHT,
          totalVAT,
          totalTTC: totalHT + totalVAT,
        },
        DEFAULT_CHART,
      );
      expect(sumDebit(e)).toBe(sumCredit(e));
      expect(sumDebit(e)).toBe(totalHT + totalVAT);
    }
  });

  it('an override gives a product (first) or a range its own income account', () => {
    const withOverrides: ChartOfAccounts = {
      ...chart,
      overrides: [
        { scope: 'range', key: 'Prestige', label: 'Prestige', account: '70112' },
        { scope: 'product', key: '42', label: 'Cuvée 42', account: '70111' },
      ],
    };
    expect(overrideAccount(withOverrides, 42, 'Prestige')).toBe('70111');
    expect(overrideAccount(withOverrides, 7, ' prestige ')).toBe('70112');
    expect(overrideAccount(withOverrides, 7, 'Classique')).toBeNull();
    const e = postDocument({ ...invoice, lines: invoice.lines.map((l, i) => (i === 0 ? { ...l, account: '70111' } : l)) }, withOverrides);
    expect(creditOf(e, '70111')).toBe(10800 - 540);
    expect(creditOf(e, '7071')).toBe(0);
    expect(isBalanced(e)).toBe(true);
  });

  it('account numbers follow the PCG: a class digit first, three digits', () => {
    expect(accountProblem('7071')).toBeNull();
    expect(accountProblem('411CL00005')).toBeNull();
    expect(accountProblem('')).toBe('Ce champ ne peut pas être vide');
    expect(accountProblem('9001')).toMatch(/classe/);
    expect(accountProblem('41A')).toMatch(/trois premiers caractères/);
    expect(accountProblem('411-ab')).toMatch(/majuscules/);
    for (const account of [...Object.values(DEFAULT_CHART.products), ...Object.values(DEFAULT_CHART.vat), DEFAULT_CHART.duties])
      expect([account, accountProblem(account)]).toEqual([account, null]);
    expect(clientAccount(chart, 'cl-007')).toEqual({ account: '411CL007', auxiliary: 'cl-007' });
  });
});

describe('the FEC (A47 A-1 LPF)', () => {
  const numbered = (e: Entry, num: number, validDate: string, extra: Partial<NumberedEntry> = {}): NumberedEntry => ({
    ...e,
    num,
    validDate,
    ...extra,
  });
  const inv = postDocument(invoice, DEFAULT_CHART);
  const pay = postPayment(
    { id: 1, direction: 'in', method: 'transfer', amount: 21815, paidAt: '2026-04-02', reference: 'VIR 123', client: invoice.client },
    DEFAULT_CHART,
  );

  it('names the file, writes amounts with a comma and no thousands separator', () => {
    expect(fecFileName('732 829 320', '2026-12-31')).toBe('732829320FEC20261231.txt');
    expect(fecFileName('732829320', '2027-08-31')).toBe('732829320FEC20270831.txt');
    expect([fecAmount(0), fecAmount(5), fecAmount(123456789), fecAmount(-1050)]).toEqual(['0,00', '0,05', '1234567,89', '-10,50']);
  });

  it('the 18 zones in their order, tab-separated, dates AAAAMMJJ, sorted by validation, and it passes its own checks', () => {
    const text = buildFec([
      numbered(pay, 1, '2026-04-02', { lettering: { code: 'AA', date: '2026-04-02' } }),
      numbered(inv, 1, '2026-03-14', { lettering: { code: 'AA', date: '2026-04-02' } }),
    ]);
    const rows = text.trimEnd().split('\r\n');
    expect(rows[0].split('\t')).toEqual([...FEC_COLUMNS]);
    expect(rows[0]).toBe(
      'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise',
    );
    const first = rows[1].split('\t');
    expect(first).toHaveLength(18);
    expect(first.slice(0, 5)).toEqual(['VT', 'Ventes', 'VT000001', '20260314', '411']);
    expect(first.slice(6, 10)).toEqual(['CL00005', 'Cave Dupont', 'F2026-00042', '20260314']);
    expect(first.slice(11, 16)).toEqual(['218,15', '0,00', 'AA', '20260402', '20260314']);
    expect(rows.at(-1)!.split('\t').slice(0, 3)).toEqual(['BQ', 'Banque', 'BQ000001']);
    expect(fecProblems(text)).toEqual([]);
  });

  it('a fiscal year starting 1 September: one sequence per journal across the calendar year, named after 31 August', () => {
    const fy = fiscalYearStarting(2025, 8, 1);
    expect(fy).toMatchObject({ from: '2025-09-01', to: '2026-08-31' });
    // entries of that year dated either side of 1 January, numbered on as they were validated
    const dates = ['2025-09-15', '2025-12-31', '2026-01-02', '2026-08-31'];
    const entries = dates.map((d, i) => numbered({ ...inv, date: d, pieceDate: d }, i + 1, d));
    const text = buildFec(entries);
    const nums = text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split('\t')[2]);
    expect([...new Set(nums)]).toEqual(['VT000001', 'VT000002', 'VT000003', 'VT000004']);
    expect(fecFileName('732829320', fy.to)).toBe('732829320FEC20260831.txt');
    expect(fecProblems(text)).toEqual([]);
    // a number restarted on 1 January would be caught
    const restarted = buildFec(entries.map((e, i) => (i >= 2 ? { ...e, num: i - 1 } : e)));
    expect(fecProblems(restarted).map((p) => p.message)).toContain('Numéro d’écriture VT000001 déjà utilisé');
  });

  it('finds an unbalanced entry, a gap in a journal, a bad date, amount or account, and a missing zone', () => {
    const good = buildFec([numbered(inv, 1, '2026-03-14'), numbered(inv, 2, '2026-03-15')]);
    const rows = good.trimEnd().split('\r\n');
    const zones = (i: number) => rows[i].split('\t');
    const set = (i: number, z: number, v: string) => {
      const r = zones(i);
      r[z] = v;
      rows[i] = r.join('\t');
    };
    const n = inv.lines.length;
    set(1, 11, '218,16'); // unbalanced
    set(1 + n, 2, 'VT000003'); // the second entry jumps a number
    set(2, 3, '2026-03-14'); // date format
    set(3, 12, '1 500,00'); // thousands separator
    set(4, 4, 'A4471'); // account
    rows.push('VT\tVentes\tVT000004');
    const problems = fecProblems(rows.join('\r\n') + '\r\n').map((p) => p.message);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/déséquilibrée/),
        'Numérotation du journal VT discontinue : VT000003 après 1',
        'Date au format AAAAMMJJ attendue',
        'Montant avec une virgule décimale et deux décimales attendu',
        'CompteNum « A4471 » : les trois premiers caractères sont des chiffres',
        '3 zones au lieu de 18',
      ]),
    );
    expect(fecProblems('Journal\tx\r\n')[0].message).toMatch(/en-tête/);
  });
});
