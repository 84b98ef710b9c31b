// The one XML reader of received e-invoices: fast-xml-parser (no native code, no network, no external entity
// resolution) behind our own refusals. A DOCTYPE is refused before parsing: an e-invoice never needs one (EN 16931
// syntaxes are plain XML Schema documents), and refusing it closes both external entities (XXE, OWASP XML External
// Entity Prevention) and entity expansion bombs ("billion laughs").
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { sirenOfVatNumber } from 'shared-kernel/domain';
import { SUPPLIER_INVOICE_MESSAGES as M } from 'shared-kernel/contracts';
import { EInvoiceRefusal } from './refusal';

/** An element as the parser gives it with `isArray` for every element: a string (text only) or an object. */
export type XNode = string | { [key: string]: unknown };

/** At most this many characters of XML (an invoice of a few hundred lines is well under 1 MB). */
export const MAX_XML_CHARS = 5 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // only the five predefined entities can remain once a DOCTYPE is refused
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 64,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** Parses the XML of an e-invoice: its root element's name (without prefix) and content. Throws EInvoiceRefusal. */
export function parseInvoiceXml(text: string): { root: string; node: XNode } {
  if (text.length > MAX_XML_CHARS) throw new EInvoiceRefusal(413, M.xmlTooBig);
  const head = text.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(head) || /<!ENTITY/i.test(head)) throw new EInvoiceRefusal(400, M.doctype);
  if (!/^\s*</.test(head)) throw new EInvoiceRefusal(400, M.notXml);
  const valid = XMLValidator.validate(head);
  if (valid !== true) throw new EInvoiceRefusal(400, M.malformedXml(valid.err.line));
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(head) as Record<string, unknown>;
  } catch {
    throw new EInvoiceRefusal(400, M.malformedXml(null));
  }
  const roots = Object.keys(doc).filter((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (roots.length !== 1) throw new EInvoiceRefusal(400, M.unknownSyntax);
  const value = doc[roots[0]];
  const node = Array.isArray(value) ? (value[0] as XNode) : (value as XNode);
  return { root: roots[0], node: node ?? '' };
}

/** The children named `name` of a node (every element is an array with isArray). */
export function all(node: XNode | undefined | null, name: string): XNode[] {
  if (!node || typeof node === 'string') return [];
  const v = node[name];
  return Array.isArray(v) ? (v as XNode[]) : v === undefined ? [] : [v as XNode];
}

/** The first element down a path of child names, or undefined. */
export function at(node: XNode | undefined | null, ...path: string[]): XNode | undefined {
  let cur: XNode | undefined | null = node;
  for (const name of path) {
    cur = all(cur, name)[0];
    if (cur === undefined) return undefined;
  }
  return cur ?? undefined;
}

/** The text of an element (trimmed; null when absent or empty). */
export function text(node: XNode | undefined | null): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return node.trim() || null;
  const t = node['#text'];
  return typeof t === 'string' || typeof t === 'number' ? String(t).trim() || null : null;
}

/** The text at a path. */
export const textAt = (node: XNode | undefined | null, ...path: string[]): string | null => text(at(node, ...path));

/** An attribute of an element. */
export function attr(node: XNode | undefined | null, name: string): string | null {
  if (!node || typeof node === 'string') return null;
  const v = node[`@${name}`];
  return typeof v === 'string' ? v.trim() || null : null;
}

const DECIMAL = /^[+-]?(\d+)(?:\.(\d+))?$/;

/** A decimal as a number (quantities, rates); null when absent or not a decimal. */
export function decimal(value: string | null): number | null {
  if (value === null || !DECIMAL.test(value)) return null;
  return Number(value);
}

/**
 * An amount in cents, computed from the digits (no binary floating point): EN 16931 amounts have at most 2 decimals
 * (BR-DEC rules); more are reported in `issues` and the amount is rounded half away from zero.
 */
export function cents(value: string | null, onTooPrecise?: () => void): number | null {
  if (value === null) return null;
  const m = DECIMAL.exec(value);
  if (!m) return null;
  const sign = value.startsWith('-') ? -1 : 1;
  const frac = m[2] ?? '';
  if (frac.replace(/0+$/, '').length > 2) onTooPrecise?.();
  const whole = BigInt(m[1]) * 100n + BigInt((frac + '00').slice(0, 2));
  const roundUp = frac.length > 2 && Number(frac[2]) >= 5 ? 1n : 0n;
  const n = Number(whole + roundUp);
  return n === 0 ? 0 : sign * n;
}

/** A unit price in cents, kept fractional as the seller wrote it (4 decimals of cents at most). */
export function priceCents(value: string | null): number | null {
  const n = decimal(value);
  return n === null ? null : Math.round(n * 1_000_000) / 10_000;
}

/** 'YYYYMMDD' (CII format 102) or 'YYYY-MM-DD' → ISO date; 'invalid' when it is not a real day. */
export function isoDate(value: string | null): string | null {
  if (!value) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!m) return 'invalid';
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? 'invalid' : iso;
}

/**
 * The amount and date readers of one document (CII or UBL alike), noting what they could not read as the rules want:
 * an amount with more than 2 decimals (BR-DEC, with its rule and term), a date that is not a real day (its term).
 */
export function valueReaders() {
  const decimalIssues: Array<{ rule: string; term: string; value: string }> = [];
  const badDates: string[] = [];
  const amount = (node: XNode | undefined, term: string, rule: string) =>
    cents(text(node), () => decimalIssues.push({ rule, term, value: text(node) ?? '' }));
  const date = (node: XNode | undefined, term: string) => {
    const d = isoDate(text(node));
    if (d === 'invalid') badDates.push(term);
    return d === 'invalid' ? null : d;
  };
  return { decimalIssues, badDates, amount, date };
}

/**
 * SIREN and SIRET from a legal registration (BT-30 / BT-47) and its scheme (ISO 6523 ICD: 0002 SIREN, 0009 SIRET), or a
 * French VAT number (FR + 2-character key + SIREN).
 */
export function frenchIds(legal: { id: string | null; scheme: string | null }[], vatNumber: string | null) {
  let siren: string | null = null;
  let siret: string | null = null;
  for (const { id, scheme } of legal) {
    const digits = id?.replace(/[\s.-]/g, '') ?? '';
    if (/^\d{14}$/.test(digits) && (scheme === '0009' || scheme === null)) {
      siret ??= digits;
      siren ??= digits.slice(0, 9);
    } else if (/^\d{9}$/.test(digits) && (scheme === '0002' || scheme === null)) siren ??= digits;
  }
  if (!siren && vatNumber) siren = sirenOfVatNumber(vatNumber);
  return { siren, siret };
}
