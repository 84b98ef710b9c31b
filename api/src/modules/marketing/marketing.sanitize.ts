// The server's sanitiser of email HTML (spec §5 and §9): DOMPurify over a jsdom window, never the browser's.
// Two levels:
// - rich text (a text block, a column, a heading): the §5 rules as they stand — any non-dangerous tag, the style
//   properties colour, background colour, text-align, font-size, margins, paddings, line-height in px/em/%, a short
//   attribute list, links http, https, ftp, mailto, tel;
// - a whole email (an advanced template, the MJML output of a standard one, and again before sending): the same rules
//   plus what an email layout needs and cannot execute (table attributes, widths, borders, display, font family and
//   weight…, every value checked by a pattern: no url(), no expression, no escape), and <style> blocks kept only when
//   every rule passes the same filter (the MJML media queries: columns stack on phones).
import type { JSDOM as JsdomClass } from 'jsdom';
import DOMPurify, { type Config } from 'dompurify';
import { MERGE_FIELD_PATTERN } from 'shared-kernel/contracts';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_FORBIDDEN_TAGS,
  RICH_TEXT_STYLE_RULES,
  RICH_TEXT_URI,
  STYLE_COLOR,
  STYLE_LENGTH,
  STYLE_LENGTH_SOURCE,
  STYLE_LENGTHS,
  filterStyleDeclarations,
} from 'shared-kernel/domain';

const LEN = STYLE_LENGTH_SOURCE;
const LENGTH = STYLE_LENGTH;
const LENGTHS = STYLE_LENGTHS;
const COLOR = STYLE_COLOR;
/** §5: the style properties of rich text (shared with the browser's sanitiser). */
const RICH_STYLE = RICH_TEXT_STYLE_RULES;

const BORDER = new RegExp(`^(?:none|0|(?:${LEN}|0)\\s+(?:solid|dashed|dotted|double|none)(?:\\s+\\S+)?)$`, 'i');
/** Layout properties an email needs (tables, columns, buttons), with values that cannot load nor run anything. */
const EMAIL_STYLE: Record<string, RegExp> = {
  ...RICH_STYLE,
  width: LENGTH,
  'max-width': LENGTH,
  'min-width': LENGTH,
  height: /^(?:-?\d+(?:\.\d+)?(?:px|em|%)|0|auto)$/,
  display: /^(?:block|inline|inline-block|table|table-cell|table-row|none)$/,
  border: BORDER,
  'border-top': BORDER,
  'border-right': BORDER,
  'border-bottom': BORDER,
  'border-left': BORDER,
  'border-radius': LENGTHS,
  'border-collapse': /^(?:collapse|separate)$/,
  'border-spacing': LENGTHS,
  'vertical-align': /^(?:top|middle|bottom|baseline)$/,
  'font-family': /^[a-z0-9 ,'"-]{1,200}$/i,
  'font-weight': /^(?:normal|bold|[1-9]00)$/,
  'font-style': /^(?:normal|italic)$/,
  'text-decoration': /^(?:none|underline|line-through)$/,
  'text-transform': /^(?:none|uppercase|lowercase|capitalize)$/,
  'letter-spacing': LENGTH,
  direction: /^(?:ltr|rtl)$/,
  'table-layout': /^(?:auto|fixed)$/,
  'word-break': /^(?:normal|break-word|break-all)$/,
  'white-space': /^(?:normal|nowrap|pre-wrap)$/,
  overflow: /^(?:hidden|visible)$/,
};

export const filterRichStyle = (style: string) => filterStyleDeclarations(style, RICH_STYLE);
export const filterEmailStyle = (style: string) => filterStyleDeclarations(style, EMAIL_STYLE);

const SELECTOR = /^[\w\s.#,>:*+~="'[\]()-]{1,300}$/;
/**
 * A <style> block of an email kept rule by rule: plain selectors (no escape, no url), declarations through the email
 * filter, @media blocks whose condition is a plain width query. Anything else (@import, @font-face, url(), comments
 * hiding code…) is dropped.
 */
export function filterStylesheet(css: string): string {
  const src = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (/[\\<]|url\s*\(|expression|javascript|@import|@charset|@namespace|@font-face|behavior|binding/i.test(src)) return '';
  const out: string[] = [];
  let i = 0;
  const rules = (body: string): string[] => {
    const kept: string[] = [];
    for (const m of body.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const selector = m[1].trim();
      if (!SELECTOR.test(selector)) continue;
      const decls = filterEmailStyle(m[2]);
      if (decls) kept.push(`${selector} { ${decls} }`);
    }
    return kept;
  };
  while (i < src.length) {
    const at = src.indexOf('@media', i);
    const end = at === -1 ? src.length : at;
    out.push(...rules(src.slice(i, end)));
    if (at === -1) break;
    const open = src.indexOf('{', at);
    if (open === -1) break;
    const condition = src.slice(at + 6, open).trim();
    // the matching closing brace of the @media block
    let depth = 1;
    let j = open + 1;
    for (; j < src.length && depth > 0; j++) {
      if (src[j] === '{') depth++;
      else if (src[j] === '}') depth--;
    }
    if (/^[\w\s(),:.-]{1,200}$/.test(condition)) {
      const inner = rules(src.slice(open + 1, j - 1));
      if (inner.length) out.push(`@media ${condition} { ${inner.join(' ')} }`);
    }
    i = j;
  }
  return out.join('\n');
}

const URI = RICH_TEXT_URI;
const DANGEROUS = RICH_TEXT_FORBIDDEN_TAGS;
const RICH_ATTR = RICH_TEXT_ATTRIBUTES;
const EMAIL_ATTR = [...RICH_ATTR, 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'valign', 'role', 'dir', 'lang'];

const RICH: Config = {
  ALLOWED_ATTR: [...RICH_ATTR],
  ALLOWED_URI_REGEXP: URI,
  FORBID_TAGS: ['style', ...DANGEROUS],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};
const EMAIL: Config = {
  ...RICH,
  ALLOWED_ATTR: EMAIL_ATTR,
  FORBID_TAGS: [...DANGEROUS],
  ADD_TAGS: ['style'],
  WHOLE_DOCUMENT: true,
  // a <style> of the body is moved to the head; keep the one the parser may have put there
  FORCE_BODY: false,
};

type Purifier = ReturnType<typeof DOMPurify>;
let purifiers: { rich: Purifier; email: Purifier; window: JsdomClass['window'] } | null = null;

/**
 * jsdom is loaded the first time something is sanitised, not when the api starts (it takes about half a second, see
 * platform/heavy-libraries.ts), and synchronously, because sanitising is called inside synchronous rendering.
 */
function newWindow(): JsdomClass['window'] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load on first use (see above)
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  return new JSDOM('').window;
}

function purifier(styles: (s: string) => string, stylesheets: boolean): Purifier {
  const p = DOMPurify(newWindow() as unknown as Window & typeof globalThis);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      const filtered = styles(data.attrValue);
      if (filtered) data.attrValue = filtered;
      else data.keepAttr = false;
    }
    // a colour attribute is a colour, nothing else
    if (data.attrName === 'bgcolor' && !COLOR.test(data.attrValue.trim())) data.keepAttr = false;
  });
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'style') return;
    if (!stylesheets) {
      node.parentNode?.removeChild(node);
      return;
    }
    const css = filterStylesheet(node.textContent ?? '');
    if (css) node.textContent = css;
    else node.parentNode?.removeChild(node);
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    // a merge field never starts a link (its value could bring a scheme of its own)
    for (const a of ['href', 'src']) if (/^\s*\{\{/.test(node.getAttribute(a) ?? '')) node.removeAttribute(a);
    // an image loads over http(s) only (no data:, no file:)
    if (node.tagName === 'IMG' && node.hasAttribute('src') && !/^https?:\/\//i.test(node.getAttribute('src') ?? ''))
      node.removeAttribute('src');
  });
  return p;
}

function get() {
  purifiers ??= {
    rich: purifier(filterRichStyle, false),
    email: purifier(filterEmailStyle, true),
    window: newWindow(),
  };
  return purifiers;
}

/** §5 rich text (a fragment): safe to put in an email or a page. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return '';
  return get().rich.sanitize(html, RICH) as string;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A whole email, sanitised: `<!doctype html><html><head>` charset, viewport, the kept <style> blocks `</head><body …>`
 * the sanitised body. Merge fields `{{key}}` pass through unchanged (they are text).
 */
export function sanitizeEmailHtml(html: string | null | undefined): string {
  const { email } = get();
  const doc = email.sanitize(html ?? '', { ...EMAIL, RETURN_DOM: true }) as unknown as HTMLElement;
  const root = doc.ownerDocument.documentElement.contains(doc) ? doc.ownerDocument : null;
  const head = doc.querySelector('head') ?? root?.head ?? null;
  const body = doc.querySelector('body') ?? root?.body ?? doc;
  const styles = [...doc.querySelectorAll('style')].map((s) => s.textContent ?? '').filter(Boolean);
  for (const s of [...body.querySelectorAll('style')]) s.remove();
  const title = head?.querySelector('title')?.textContent ?? '';
  const bodyStyle = body.getAttribute?.('style');
  const lang = doc.getAttribute?.('lang');
  return [
    '<!doctype html>',
    `<html${lang && /^[a-z]{2}(-[a-z]{2})?$/i.test(lang) ? ` lang="${lang}"` : ''}>`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    title ? `<title>${title.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</title>` : '',
    ...styles.map((s) => `<style>${s}</style>`),
    '</head>',
    `<body${bodyStyle ? ` style="${escapeAttr(bodyStyle)}"` : ''}>`,
    body.innerHTML,
    '</body></html>',
  ].join('');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** `{{key}}` replaced by the recipient's value, HTML-escaped; an unknown or empty field becomes ''. */
export function applyMergeFields(html: string, fields: Record<string, string>): string {
  return html.replace(MERGE_FIELD_PATTERN, (_m, key: string) =>
    escapeHtml(Object.prototype.hasOwnProperty.call(fields, key) ? String(fields[key] ?? '') : ''),
  );
}
