import DOMPurify, { type Config } from 'dompurify';

/**
 * Spec §5 rich-text sanitiser: any (non-dangerous) tag; only a few style properties
 * (colour, background colour, text-align, font-size, margins, paddings, line-height)
 * with px/em/% lengths; a limited attribute list; links limited to http, https, ftp,
 * mailto and tel.
 */
const ALLOWED_ATTR = [
  'href',
  'target',
  'rel',
  'title',
  'alt',
  'src',
  'width',
  'height',
  'style',
  'class',
  'colspan',
  'rowspan',
  'align',
  'name',
];
const URI = /^(?:(?:https?|ftp|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const LENGTH = /^-?\d+(?:\.\d+)?(?:px|em|%)$|^0$/;
const LENGTHS = /^(?:-?\d+(?:\.\d+)?(?:px|em|%)|0|auto)(?:\s+(?:-?\d+(?:\.\d+)?(?:px|em|%)|0|auto)){0,3}$/;
const COLOR = /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

const STYLE_RULES: Record<string, RegExp> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': /^(?:left|right|center|justify|start|end)$/,
  'font-size': LENGTH,
  'line-height': /^(?:\d+(?:\.\d+)?(?:px|em|%)?|normal)$/,
  margin: LENGTHS,
  'margin-top': LENGTH,
  'margin-right': LENGTH,
  'margin-bottom': LENGTH,
  'margin-left': LENGTH,
  padding: LENGTHS,
  'padding-top': LENGTH,
  'padding-right': LENGTH,
  'padding-bottom': LENGTH,
  'padding-left': LENGTH,
};

/** Keep only the allowed declarations of a style attribute. */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i === -1) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl
      .slice(i + 1)
      .trim()
      .replace(/\s*!important$/i, '');
    const rule = STYLE_RULES[prop];
    if (rule && rule.test(value) && !/[\\()]/.test(value.replace(/^rgba?\([^)]*\)$/i, ''))) kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

const CONFIG: Config = {
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: URI,
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'meta', 'link', 'base'],
  ALLOW_DATA_ATTR: false,
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  if (typeof window === 'undefined') throw new Error('sanitizeRichText needs a DOM (browser or jsdom)');
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      const filtered = filterStyle(data.attrValue);
      if (filtered) data.attrValue = filtered;
      else data.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    // Links opening a new tab must not give the opened page access to ours.
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

/** Sanitised HTML, safe for dangerouslySetInnerHTML. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return getPurifier().sanitize(html, CONFIG) as string;
}
