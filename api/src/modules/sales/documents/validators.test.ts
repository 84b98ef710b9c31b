// The Factur-X XML of every kind of document the product issues, checked by rules nobody here wrote: the official
// CEN EN 16931 Schematron for CII and the French e-invoicing reform's BR-FR Schematron (Flux 2), both pre-compiled to
// XSLT and run by Saxon HE (copies in tooling/validators, see its README.md). Each rule set is one Saxon run
// over a directory holding every document (Saxon compiles the stylesheet once), the two runs in parallel.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InvoiceLine } from 'shared-kernel/contracts';
import { buildFacturXXml } from './facturx-xml';
import {
  invoiceLine,
  SAMPLE_LINES,
  SAMPLE_PARTIES,
  sampleCreditNoteDocument,
  sampleDepositDocument,
  sampleInvoiceDocument,
} from './fixtures';
import { centsToDecimal } from './format';
import { decimalToCents, xmlValues } from './test-utils';
import type { InvoiceDocument } from './types';

const run = promisify(execFile);

const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';
// the copies kept in the repository (tooling/validators/README.md says where they come from)
const VALIDATORS = path.resolve(__dirname, '../../../../../tooling/validators');
const RULES = {
  en16931: path.join(VALIDATORS, 'en16931-cii/EN16931-CII-validation.xslt'),
  brfr: path.join(VALIDATORS, 'fr-ctc/BR-FR-Flux2-Schematron-CII.xslt'),
};

interface Finding {
  id: string;
  flag: string;
  text: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The failed asserts of an SVRL report (the attributes of svrl:failed-assert and its text). */
function failedAsserts(svrl: string): Finding[] {
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(([, attrs, body]) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1] ?? '';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '';
    return { id: attr('id'), flag: attr('flag'), text: unescapeXml(text).replace(/\s+/g, ' ').trim() };
  });
}

/** Runs one rule set over every document (one Saxon run for a directory of XML files); findings by document name. */
async function validate(xslt: string, dir: string, name: string): Promise<Map<string, Finding[]>> {
  const out = path.join(dir, `out-${name}`);
  await mkdir(out);
  await run('java', ['-cp', SAXON_JAR, 'net.sf.saxon.Transform', `-s:${path.join(dir, 'in')}`, `-xsl:${xslt}`, `-o:${out}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const findings = new Map<string, Finding[]>();
  for (const doc of documentNames) findings.set(doc, failedAsserts(await readFile(path.join(out, `${doc}.xml`), 'utf8')));
  return findings;
}

const describeFinding = (f: Finding) => `${f.id} [${f.flag}] ${f.text}`;
/** EN 16931: every failed assert is a finding. BR-FR: the fatal (and error) ones. */
const blocking = {
  en16931: () => true,
  brfr: (f: Finding) => f.flag === 'fatal' || f.flag === 'error',
};

// ---- the documents: every kind the product issues
const discountLine = invoiceLine({ label: 'Remise fidélité', quantity: 1, unitPriceHT: -1_000, vatRate: 20, accountingType: 'discount' });
const tastingLine = invoiceLine({
  label: 'Visite et dégustation',
  quantity: 2,
  unitPriceHT: 1_250,
  vatRate: 20,
  accountingType: 'prestation',
});
const touristTaxLine = invoiceLine({ label: 'Taxe de séjour', quantity: 2, unitPriceHT: 110, vatRate: 0, accountingType: 'touristTax' });
const zeroRated = (l: InvoiceLine) => ({ ...l, vatRate: 0 });
// a stay's tourist tax as the checkout may total it: 50,00 € for 3 guest-nights, which no price in cents makes
const touristTaxStay = invoiceLine({
  label: 'Nuit au domaine — Taxe de séjour',
  quantity: 3,
  unitPriceHT: 1_667,
  totalHT: 5_000,
  vatRate: 0,
  accountingType: 'touristTax',
});
const deliveredElsewhere = {
  ...SAMPLE_PARTIES.proBuyer,
  deliveryAddress: { street: '25 rue du Dépôt', street2: null, zipcode: '69007', city: 'Lyon', country: 'FR' },
};
const debitsSeller = { ...SAMPLE_PARTIES.seller, vatOnDebits: true };

const documents: Record<string, InvoiceDocument> = {
  // two wines at 20 % with duties and a discount, a 5.5 % line, shipping, a deposit deducted; professional buyer
  'final-invoice-with-deposit': sampleInvoiceDocument(),
  'invoice-b2b': sampleInvoiceDocument({ depositsDeducted: [], lines: [...SAMPLE_LINES, discountLine] }),
  'invoice-b2c': sampleInvoiceDocument({ buyer: SAMPLE_PARTIES.privateBuyer, depositsDeducted: [], bank: null }),
  'deposit-invoice': sampleDepositDocument(),
  'credit-note': sampleCreditNoteDocument(),
  'credit-note-b2c': sampleCreditNoteDocument({ buyer: SAMPLE_PARTIES.privateBuyer }),
  'services-and-tourist-tax': sampleInvoiceDocument({
    buyer: SAMPLE_PARTIES.privateBuyer,
    depositsDeducted: [],
    lines: [SAMPLE_LINES[0], tastingLine, touristTaxLine],
  }),
  'intra-community': sampleInvoiceDocument({ buyer: SAMPLE_PARTIES.euBuyer, depositsDeducted: [], lines: SAMPLE_LINES.map(zeroRated) }),
  'export-zero-rated': sampleInvoiceDocument({
    buyer: { ...SAMPLE_PARTIES.exportBuyer, email: 'cave@restaurant-du-lac.test' },
    depositsDeducted: [],
    lines: SAMPLE_LINES.map(zeroRated),
  }),
  // a professional's stay: the tourist tax (outside the VAT base) next to a taxed tasting
  'tourist-tax-b2b': sampleInvoiceDocument({ depositsDeducted: [], lines: [tastingLine, touristTaxStay] }),
  // the tourist tax next to an export (G) at 0 %: two breakdowns at 0 %, one per category
  'tourist-tax-export': sampleInvoiceDocument({
    buyer: { ...SAMPLE_PARTIES.exportBuyer, email: 'cave@restaurant-du-lac.test' },
    depositsDeducted: [],
    lines: [zeroRated(tastingLine), touristTaxStay],
  }),
  // the tourist tax next to an exempt service (both E): one E breakdown naming both grounds (BR-E-01)
  'tourist-tax-exempt': sampleInvoiceDocument({
    buyer: SAMPLE_PARTIES.privateBuyer,
    depositsDeducted: [],
    lines: [zeroRated(tastingLine), touristTaxStay],
  }),
  'delivered-elsewhere': sampleInvoiceDocument({ buyer: deliveredElsewhere, depositsDeducted: [] }),
  'vat-on-debits': sampleInvoiceDocument({ seller: debitsSeller, lines: [...SAMPLE_LINES, tastingLine] }),
};
const goodXml = Object.fromEntries(Object.entries(documents).map(([name, doc]) => [name, buildFacturXXml(doc)]));

// ---- one negative case per rule set: a validator that cannot fail proves nothing
const finalInvoice = goodXml['final-invoice-with-deposit'];
const negatives = {
  // the grand total (BT-112) one cent off: no longer total without VAT + VAT (BR-CO-15) nor due + prepaid (BR-CO-16)
  'broken-grand-total': finalInvoice.replace(
    /<ram:GrandTotalAmount>([^<]+)<\/ram:GrandTotalAmount>/,
    (_, total: string) => `<ram:GrandTotalAmount>${centsToDecimal(decimalToCents(total) + 1)}</ram:GrandTotalAmount>`,
  ),
  // a credit note whose preceding invoice (BT-25) has lost its date (BT-26)
  'credit-note-without-invoice-date': goodXml['credit-note'].replace(
    /\s*<ram:FormattedIssueDateTime>[\s\S]*?<\/ram:FormattedIssueDateTime>/,
    '',
  ),
};
const documentNames = [...Object.keys(goodXml), ...Object.keys(negatives)];

function saxonMissing(): string | null {
  if (!existsSync(SAXON_JAR)) return `${SAXON_JAR} is missing`;
  const rules = Object.values(RULES).find((r) => !existsSync(r));
  if (rules) return `${rules} is missing`;
  if (spawnSync('java', ['-version']).error) return '`java` is not on the PATH';
  return null;
}
const missing = saxonMissing();

if (missing && process.env.CI) {
  describe('EN 16931 and BR-FR validation (Saxon HE)', () => {
    it('needs Saxon HE and a Java runtime on CI', () => {
      throw new Error(`${missing}: install the Debian package libsaxonhe-java and a Java runtime (default-jre-headless)`);
    });
  });
} else if (missing) {
  // a developer's machine without Saxon: say why the suite is skipped
  console.warn(`validators.test.ts skipped: ${missing} (install the Debian package libsaxonhe-java and a Java runtime)`);
  describe.skip('EN 16931 and BR-FR validation (Saxon HE)', () => it('needs Saxon HE', () => undefined));
} else {
  describe('EN 16931 and BR-FR validation (Saxon HE)', () => {
    let dir: string;
    const results: Record<keyof typeof RULES, Map<string, Finding[]>> = { en16931: new Map(), brfr: new Map() };

    // Two JVMs compiling ~0.4 MB stylesheets and checking a dozen documents take 5–15 s on 2 busy cores: more than the
    // default limit leaves for a hook. Runs once for the whole file.
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'facturx-validators-'));
      await mkdir(path.join(dir, 'in'));
      const all: Record<string, string> = { ...goodXml, ...negatives };
      await Promise.all(Object.entries(all).map(([name, xml]) => writeFile(path.join(dir, 'in', `${name}.xml`), xml)));
      [results.en16931, results.brfr] = await Promise.all([validate(RULES.en16931, dir, 'en16931'), validate(RULES.brfr, dir, 'brfr')]);
    }, 120_000);

    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it.each(Object.keys(goodXml))('%s passes the EN 16931 rules (no failed assert)', (name) => {
      expect(results.en16931.get(name)!.filter(blocking.en16931).map(describeFinding)).toEqual([]);
    });

    it.each(Object.keys(goodXml))('%s passes the French BR-FR rules (no fatal assert)', (name) => {
      expect(results.brfr.get(name)!.filter(blocking.brfr).map(describeFinding)).toEqual([]);
    });

    it('EN 16931 rejects a grand total one cent off (BR-CO-15, BR-CO-16)', () => {
      const ids = results.en16931.get('broken-grand-total')!.map((f) => f.id);
      expect(ids).toEqual(expect.arrayContaining(['BR-CO-15', 'BR-CO-16']));
      expect(results.en16931.get('final-invoice-with-deposit')).toEqual([]);
    });

    it('the tourist tax is exempt as outside the VAT base (VATEX-EU-79-C), passing both rule sets', () => {
      for (const name of ['tourist-tax-b2b', 'tourist-tax-export', 'tourist-tax-exempt', 'services-and-tourist-tax']) {
        expect(results.en16931.get(name)).toEqual([]);
        expect(results.brfr.get(name)!.filter(blocking.brfr)).toEqual([]);
      }
    });

    it('BR-FR rejects a credit note whose preceding invoice has no date (BR-FR-CO-05)', () => {
      const fatal = results.brfr.get('credit-note-without-invoice-date')!.filter(blocking.brfr);
      expect(fatal.map((f) => f.id)).toEqual(['BR-FR-CO-05_BT-3']);
    });
  });
}

/** The lines of a CII document: quantity, net price, allowances / charges (with their reason) and amount. */
function xmlLines(xml: string) {
  return [...xml.matchAll(/<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g)].map(([, body]) => ({
    name: xmlValues(body, 'ram:Name')[0],
    quantity: Number(xmlValues(body, 'ram:BilledQuantity')[0]),
    price: xmlValues(body, 'ram:ChargeAmount')[0],
    category: xmlValues(body, 'ram:CategoryCode')[0],
    adjustments: [...body.matchAll(/<ram:SpecifiedTradeAllowanceCharge>([\s\S]*?)<\/ram:SpecifiedTradeAllowanceCharge>/g)].map(([, a]) => ({
      charge: xmlValues(a, 'udt:Indicator')[0] === 'true',
      amount: decimalToCents(xmlValues(a, 'ram:ActualAmount')[0]),
      reason: xmlValues(a, 'ram:Reason')[0],
    })),
    total: decimalToCents(xmlValues(body, 'ram:LineTotalAmount')[0]),
  }));
}

/** quantity × a price of up to 6 decimals, in millionths of a euro (exact, by string). */
const timesPrice = (quantity: number, price: string) => {
  const [euros, fraction = ''] = price.split('.');
  return quantity * (Number(euros) * 1_000_000 + Number(fraction.padEnd(6, '0')));
};

describe('the Factur-X lines add up as printed', () => {
  it.each(Object.keys(goodXml))('%s: quantity × net price − discount + duties = line amount, nothing else', (name) => {
    for (const line of xmlLines(goodXml[name])) {
      // only the discount and the excise duties the PDF shows on the line: no hidden adjustment
      expect(line.adjustments.map((a) => a.reason).filter((r) => r !== 'Remise' && r !== 'Droits d’accises')).toEqual([]);
      const adjusted = line.adjustments.reduce((n, a) => n + (a.charge ? a.amount : -a.amount), 0);
      expect(timesPrice(line.quantity, line.price) + adjusted * 10_000).toBe(line.total * 10_000);
    }
  });

  it('states the tourist tax as exempt, outside the VAT base, with its legal ground, in a breakdown of its own', () => {
    const xml = goodXml['tourist-tax-b2b'];
    const tax = xmlLines(xml).find((l) => l.name.includes('Taxe de séjour'))!;
    expect(tax).toMatchObject({ category: 'E', total: 5_000 });
    expect(xmlValues(xml, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-79-C']);
    expect(xmlValues(xml, 'ram:ExemptionReason')[0]).toMatch(/CGCT, art\. L2333-29.*hors base d’imposition à la TVA/);
    expect(xml).not.toContain('Exonération de TVA<');
    const exportXml = goodXml['tourist-tax-export'];
    expect(xmlValues(exportXml, 'ram:ExemptionReasonCode').sort()).toEqual(['VATEX-EU-79-C', 'VATEX-EU-G']);
    expect(xmlValues(exportXml, 'ram:BasisAmount').map(decimalToCents).sort()).toEqual([2_500, 5_000]);
    // both exempt: one breakdown (BR-E-01), both grounds in its text, no single code claiming the whole base
    const exempt = goodXml['tourist-tax-exempt'];
    expect(xmlValues(exempt, 'ram:CategoryCode').filter((c) => c === 'E')).toHaveLength(3); // 2 lines + 1 breakdown
    expect(xmlValues(exempt, 'ram:ExemptionReasonCode')).toEqual([]);
    expect(xmlValues(exempt, 'ram:ExemptionReason')).toEqual([expect.stringMatching(/^Exonération de TVA ; Taxe de séjour/)]);
  });

  it('carries the delivery address (BG-15) only when it is not the billing address', () => {
    const xml = goodXml['delivered-elsewhere'];
    const shipTo = /<ram:ShipToTradeParty>([\s\S]*?)<\/ram:ShipToTradeParty>/.exec(xml)?.[1] ?? '';
    expect(xmlValues(shipTo, 'ram:LineOne')).toEqual(['25 rue du Dépôt']);
    expect(xmlValues(shipTo, 'ram:PostcodeCode')).toEqual(['69007']);
    expect(xmlValues(shipTo, 'ram:CountryID')).toEqual(['FR']);
    expect(goodXml['invoice-b2b']).not.toContain('<ram:ShipToTradeParty>');
    const sameAddress = buildFacturXXml(
      sampleInvoiceDocument({ buyer: { ...SAMPLE_PARTIES.proBuyer, deliveryAddress: { ...SAMPLE_PARTIES.proBuyer.address } } }),
    );
    expect(sameAddress).not.toContain('<ram:ShipToTradeParty>');
  });

  it('says the option for VAT on debits (BT-8 = 5 and a TXD note) only when the seller took it', () => {
    const on = goodXml['vat-on-debits'];
    expect(xmlValues(on, 'ram:DueDateTypeCode')).toEqual(xmlValues(on, 'ram:BasisAmount').map(() => '5'));
    expect(on).toMatch(/<ram:Content>Option pour le paiement de la taxe d’après les débits<\/ram:Content>\s*<ram:SubjectCode>TXD</);
    const off = goodXml['invoice-b2b'];
    expect(off).not.toContain('DueDateTypeCode');
    expect(off).not.toContain('débits');
  });
});
