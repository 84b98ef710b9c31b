import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ciiInvoice, SELLER, SHOP_BUYER, ublInvoice, type TestInvoice } from '../supplier-invoices.test-support';
import { readCii } from './cii';
import { checkBuyer, checkInvoice } from './rules';
import { readUbl } from './ubl';
import { cents, parseInvoiceXml } from './xml';

const BASE: TestInvoice = {
  number: 'R-1',
  issueDate: '2026-03-02',
  dueDate: '2026-04-01',
  seller: SELLER,
  buyer: SHOP_BUYER,
  lines: [
    { name: 'Barrique', quantity: 2, price: 68_000 },
    { name: 'Douelles', quantity: 10, price: 1_250, rate: 10 },
  ],
};

const read = (xml: string) => {
  const { root, node } = parseInvoiceXml(xml);
  return root === 'CrossIndustryInvoice' ? readCii(node) : readUbl(node, root as 'Invoice' | 'CreditNote');
};
const errorRules = (xml: string) =>
  checkInvoice(read(xml))
    .filter((f) => f.level === 'error')
    .map((f) => f.rule)
    .sort();

/** Test files: a good one and one per broken rule, written as other software would. */
const good = ciiInvoice(BASE);
const files: Record<string, string> = {
  good,
  'ttc-wrong': ciiInvoice({ ...BASE, totals: { taxInclusive: 176_960, due: 176_960 } }),
  'lines-sum-wrong': ciiInvoice({ ...BASE, totals: { lines: 148_600 } }),
  'vat-rate-wrong': good
    .replace('<ram:CalculatedAmount>272.00</ram:CalculatedAmount>', '<ram:CalculatedAmount>272.01</ram:CalculatedAmount>')
    .replace('>284.50</ram:TaxTotalAmount>', '>284.51</ram:TaxTotalAmount>')
    .replace('<ram:GrandTotalAmount>1769.50', '<ram:GrandTotalAmount>1769.51')
    .replace('<ram:DuePayableAmount>1769.50', '<ram:DuePayableAmount>1769.51'),
  'vat-rate-very-wrong': good
    .replace('<ram:CalculatedAmount>272.00</ram:CalculatedAmount>', '<ram:CalculatedAmount>273.50</ram:CalculatedAmount>')
    .replace('>284.50</ram:TaxTotalAmount>', '>286.00</ram:TaxTotalAmount>')
    .replace('<ram:GrandTotalAmount>1769.50', '<ram:GrandTotalAmount>1771.00')
    .replace('<ram:DuePayableAmount>1769.50', '<ram:DuePayableAmount>1771.00'),
  'due-wrong': ciiInvoice({ ...BASE, totals: { due: 100 } }),
  'no-seller-address': good.replace(/<ram:PostalTradeAddress>[\s\S]*?<\/ram:PostalTradeAddress>/, ''),
};

describe('EN 16931 rules on received invoices', () => {
  it('reads amounts from their digits, to the cent', () => {
    expect(cents('1769.50')).toBe(176_950);
    expect(cents('0.1')).toBe(10);
    expect(cents('-12.34')).toBe(-1_234);
    expect(cents('19.99')).toBe(1_999);
    let tooPrecise = false;
    expect(cents('1.005', () => (tooPrecise = true))).toBe(101);
    expect(tooPrecise).toBe(true);
    expect(cents('1,50')).toBeNull();
  });

  it('finds nothing on a correct CII, UBL invoice and UBL credit note', () => {
    expect(errorRules(good)).toEqual([]);
    expect(errorRules(ublInvoice(BASE))).toEqual([]);
    expect(errorRules(ublInvoice(BASE, true))).toEqual([]);
  });

  it('names each broken rule', () => {
    expect(errorRules(files['ttc-wrong'])).toEqual(['BR-CO-15']);
    expect(errorRules(files['lines-sum-wrong'])).toEqual(['BR-CO-10', 'BR-CO-13']);
    expect(errorRules(files['vat-rate-very-wrong'])).toEqual(['BR-CO-17', 'BR-S-09']);
    // a cent off (VAT rounded line by line): lawful, kept as a warning
    expect(errorRules(files['vat-rate-wrong'])).toEqual([]);
    expect(checkInvoice(read(files['vat-rate-wrong']))).toEqual([
      {
        rule: 'BR-S-09',
        level: 'warning',
        message: expect.stringMatching(/^BR-S-09 : la TVA de la catégorie S à 20 % \(BT-117\) 272,01\s€ diffère de 0,01\s€/),
      },
    ]);
    expect(errorRules(files['due-wrong'])).toEqual(['BR-CO-16']);
    expect(errorRules(files['no-seller-address'])).toEqual(['BR-08', 'BR-09']);
    const noDue = ciiInvoice({ ...BASE, dueDate: undefined });
    expect(errorRules(noDue)).toEqual(['BR-CO-25']);
    const noCurrencyNorNumber = good
      .replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '')
      .replace('<ram:ID>R-1</ram:ID>', '');
    expect(errorRules(noCurrencyNorNumber)).toEqual(['BR-02', 'BR-05']);
    const negativePrice = good.replace('<ram:ChargeAmount>680.00', '<ram:ChargeAmount>-680.00');
    expect(errorRules(negativePrice)).toContain('BR-27');
  });

  it('checks the buyer against the shop billing identity', () => {
    const inv = read(good);
    expect(checkBuyer(inv, { siren: '732829320', vatNumber: null })).toEqual([]);
    expect(checkBuyer(inv, { siren: null, vatNumber: 'FR44732829320' })).toEqual([]);
    expect(checkBuyer(inv, { siren: '552100554', vatNumber: 'FR96552100554' })).toEqual([
      expect.objectContaining({ level: 'error', rule: 'ACHETEUR' }),
    ]);
    expect(checkBuyer(inv, null)).toEqual([expect.objectContaining({ level: 'warning' })]);
  });
});

// The official CEN/TC 434 Schematron agrees with these checks on the same files (Saxon HE, when installed).
const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';
const XSLT = path.resolve(__dirname, '../../../../../tooling/validators/en16931-cii/EN16931-CII-validation.xslt');
const saxon = existsSync(SAXON_JAR) && existsSync(XSLT) && !spawnSync('java', ['-version']).error;

(saxon ? describe : describe.skip)('agreement with the official EN 16931 CII Schematron (Saxon HE)', () => {
  let dir: string;
  const fatal = new Map<string, string[]>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wz-einvoice-in-'));
    await mkdir(path.join(dir, 'in'));
    await mkdir(path.join(dir, 'out'));
    for (const [name, xml] of Object.entries(files)) await writeFile(path.join(dir, 'in', `${name}.xml`), xml);
    await promisify(execFile)(
      'java',
      ['-cp', SAXON_JAR, 'net.sf.saxon.Transform', `-s:${path.join(dir, 'in')}`, `-xsl:${XSLT}`, `-o:${path.join(dir, 'out')}`],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    for (const name of Object.keys(files)) {
      const svrl = await readFile(path.join(dir, 'out', `${name}.xml`), 'utf8');
      const ids = [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>/g)]
        .filter(([, attrs]) => /flag="fatal"/.test(attrs))
        .map(([, attrs]) => /\sid="([^"]*)"/.exec(attrs)?.[1] ?? '');
      fatal.set(name, [...new Set(ids)].sort());
    }
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(Object.keys(files))('%s: same fatal rules', (name) => {
    expect(errorRules(files[name])).toEqual(fatal.get(name));
  });
});
