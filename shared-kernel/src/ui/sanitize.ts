import DOMPurify, { type Config } from 'dompurify';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_FORBIDDEN_TAGS,
  RICH_TEXT_STYLE_RULES,
  RICH_TEXT_URI,
  filterStyleDeclarations,
} from '../domain/rich-style';

/**
 * Spec §5 rich-text sanitiser: any (non-dangerous) tag; only a few style properties
 * (colour, background colour, text-align, font-size, margins, paddings, line-height)
 * with px/em/% lengths, and font-family from the closed §9 list (RICH_TEXT_FONTS); a
 * limited attribute list; links limited to http, https, ftp, mailto and tel.
 */
/** Keep only the allowed declarations of a style attribute. */
export function filterStyle(style: string): string {
  return filterStyleDeclarations(style, RICH_TEXT_STYLE_RULES);
}

const CONFIG: Config = {
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOWED_URI_REGEXP: RICH_TEXT_URI,
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', ...RICH_TEXT_FORBIDDEN_TAGS],
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
