// A minimal XML writer: elements, attributes and escaped text, indented by two spaces. No dependency of the api
// offers one, and the Factur-X document only needs this much.

export interface XmlElement {
  name: string;
  attrs?: Record<string, string | null | undefined>;
  children?: XmlChild[];
  text?: string;
}
/** A child slot: an element, or an absent one (written `cond && el(…)`, so '' and false count as absent). */
export type XmlChild = XmlElement | null | undefined | false | '';

/** Characters XML 1.0 forbids (C0 controls except tab, LF, CR; U+FFFE/U+FFFF; lone surrogates) are dropped. */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An element with children (absent children are skipped). */
export function el(name: string, children: XmlChild[], attrs?: XmlElement['attrs']): XmlElement {
  return { name, children, attrs };
}

/** An element holding text; null when the value is empty, so optional fields disappear. */
export function text(name: string, value: string | number | null | undefined, attrs?: XmlElement['attrs']): XmlElement | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s ? { name, text: s, attrs } : null;
}

function attributes(attrs: XmlElement['attrs']): string {
  return Object.entries(attrs ?? {})
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const open = `${node.name}${attributes(node.attrs)}`;
  if (node.text !== undefined) {
    out.push(`${pad}<${open}>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  const children = (node.children ?? []).filter((c): c is XmlElement => !!c);
  if (!children.length) {
    out.push(`${pad}<${open}/>`);
    return;
  }
  out.push(`${pad}<${open}>`);
  for (const c of children) write(c, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** The UTF-8 XML document of a root element. */
export function serializeXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
