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
import { decimalToCents } from './test-utils';
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

    it('BR-FR rejects a credit note whose preceding invoice has no date (BR-FR-CO-05)', () => {
      const fatal = results.brfr.get('credit-note-without-invoice-date')!.filter(blocking.brfr);
      expect(fatal.map((f) => f.id)).toEqual(['BR-FR-CO-05_BT-3']);
    });
  });
}
