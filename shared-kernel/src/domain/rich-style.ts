// Spec §5 rich text: the style properties a text may keep (colour, background colour, text-align, font-size, margins,
// paddings, line-height in px/em/%, and font-family from a closed list, see below), each value checked by a pattern that
// cannot load nor run anything. One table for the browser's sanitiser (ui/sanitize.ts) and the server's email sanitiser
// (api modules/marketing). §9's editor constants (sizes, fonts, link schemes) live here too, beside the rules they feed.

/** A length in px, em or % (the pattern's source, to build others from). */
export const STYLE_LENGTH_SOURCE = String.raw`-?\d+(?:\.\d+)?(?:px|em|%)`;
export const STYLE_LENGTH = new RegExp(`^(?:${STYLE_LENGTH_SOURCE}|0)$`);
/** One to four lengths (or auto): margin, padding. */
export const STYLE_LENGTHS = new RegExp(`^(?:${STYLE_LENGTH_SOURCE}|0|auto)(?:\\s+(?:${STYLE_LENGTH_SOURCE}|0|auto)){0,3}$`);
/** #hex, rgb()/rgba() or a colour name. */
export const STYLE_COLOR =
  /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

/** §9 « Taille »: the font sizes of the rich-text editor, in px. */
export const RICH_TEXT_SIZES = [8, 10, 12, 14, 16, 18, 20, 26, 32, 36, 42, 50, 75, 100, 125, 150] as const;
/** §9: the default size, written as no explicit font-size at all. */
export const RICH_TEXT_DEFAULT_SIZE = 10;

/** A font of the rich-text editor: the name shown and the CSS font-family stack written (with its generic fallback). */
export interface RichTextFont {
  readonly label: string;
  readonly value: string;
}

/**
 * §9 « about 30 font families »: web-safe and common system families only (nothing is ever downloaded), each with
 * fallbacks and a generic family. The values are written as browsers serialise them (double quotes around names with
 * spaces, ", " between names): the editor writes them as they are and the sanitisers keep nothing else.
 */
export const RICH_TEXT_FONTS: readonly RichTextFont[] = [
  { label: 'Arial', value: 'Arial, Helvetica, sans-serif' },
  { label: 'Arial Black', value: '"Arial Black", Gadget, sans-serif' },
  { label: 'Helvetica', value: 'Helvetica, Arial, sans-serif' },
  { label: 'Verdana', value: 'Verdana, Geneva, sans-serif' },
  { label: 'Tahoma', value: 'Tahoma, Geneva, sans-serif' },
  { label: 'Trebuchet MS', value: '"Trebuchet MS", Helvetica, sans-serif' },
  { label: 'Segoe UI', value: '"Segoe UI", Tahoma, Geneva, sans-serif' },
  { label: 'Calibri', value: 'Calibri, Carlito, sans-serif' },
  { label: 'Candara', value: 'Candara, Calibri, sans-serif' },
  { label: 'Century Gothic', value: '"Century Gothic", "Apple Gothic", sans-serif' },
  { label: 'Franklin Gothic', value: '"Franklin Gothic Medium", "Arial Narrow", sans-serif' },
  { label: 'Gill Sans', value: '"Gill Sans", "Gill Sans MT", Calibri, sans-serif' },
  { label: 'Lucida Sans', value: '"Lucida Sans Unicode", "Lucida Grande", sans-serif' },
  { label: 'Optima', value: 'Optima, Candara, sans-serif' },
  { label: 'Impact', value: 'Impact, Haettenschweiler, "Arial Narrow Bold", sans-serif' },
  { label: 'Georgia', value: 'Georgia, "Times New Roman", serif' },
  { label: 'Times New Roman', value: '"Times New Roman", Times, serif' },
  { label: 'Garamond', value: 'Garamond, Baskerville, "Baskerville Old Face", serif' },
  { label: 'Palatino', value: '"Palatino Linotype", Palatino, "Book Antiqua", serif' },
  { label: 'Book Antiqua', value: '"Book Antiqua", Palatino, serif' },
  { label: 'Baskerville', value: 'Baskerville, "Baskerville Old Face", Garamond, serif' },
  { label: 'Cambria', value: 'Cambria, Georgia, serif' },
  { label: 'Didot', value: 'Didot, "Bodoni MT", serif' },
  { label: 'Bodoni', value: '"Bodoni MT", Didot, serif' },
  { label: 'Rockwell', value: 'Rockwell, "Courier Bold", serif' },
  { label: 'Courier New', value: '"Courier New", Courier, monospace' },
  { label: 'Lucida Console', value: '"Lucida Console", Monaco, monospace' },
  { label: 'Consolas', value: 'Consolas, "Courier New", monospace' },
  { label: 'Brush Script', value: '"Brush Script MT", cursive' },
  { label: 'Comic Sans MS', value: '"Comic Sans MS", "Comic Sans", cursive' },
];

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The pattern of one stack of the list: its names in its order; a name may be quoted either way, a generic never. */
function fontStackSource(stack: string): string {
  return stack
    .split(',')
    .map((part) => {
      const name = part.trim().replace(/^"(.*)"$/, '$1');
      const e = escapeRegExp(name);
      if (GENERIC_FAMILIES.has(name)) return e;
      return /\s/.test(name) ? `(?:"${e}"|'${e}')` : `(?:${e}|"${e}"|'${e}')`;
    })
    .join('\\s*,\\s*');
}

/**
 * font-family: one of RICH_TEXT_FONTS' stacks and nothing else (a closed list: no other name, no url(), no escape, so
 * a text can neither load a font nor smuggle anything through the value). The quotes around a name and the spaces
 * after a comma may differ from the list (what another editor or a browser writes); the names and their order not.
 */
export const STYLE_FONT_FAMILY = new RegExp(`^(?:${RICH_TEXT_FONTS.map((f) => fontStackSource(f.value)).join('|')})$`);

/** The entry of RICH_TEXT_FONTS a font-family value stands for (quotes and spaces aside), or undefined. */
export function richTextFontOf(value: string | null | undefined): RichTextFont | undefined {
  if (!value) return undefined;
  const norm = (v: string) =>
    v
      .replace(/'/g, '"')
      .replace(/\s*,\s*/g, ', ')
      .trim();
  const n = norm(value);
  return RICH_TEXT_FONTS.find((f) => f.value === n);
}

/**
 * A link of a rich text, checked: `https://…`, `http://…`, `ftp://…` (with a host), `mailto:…`, `tel:…`; an address
 * typed without a scheme (`www.domaine.fr`) gets `https://`. Anything else (javascript:, data:, a relative path, a
 * merge field…) is null.
 */
export function normalizeRichTextLink(raw: string | null | undefined): string | null {
  const url = (raw ?? '').trim();
  if (!url || /[\s<>"`\\]/.test(url)) return null;
  if (/^(?:https?|ftp):\/\/[^/?#:@]+/i.test(url)) return url;
  if (/^(?:mailto|tel):[^/]/i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  if (/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(?:[/?#]\S*)?$/i.test(url)) return `https://${url}`;
  return null;
}

/** §5: the style properties of rich text and the pattern of their values. */
export const RICH_TEXT_STYLE_RULES: Readonly<Record<string, RegExp>> = {
  color: STYLE_COLOR,
  'background-color': STYLE_COLOR,
  'text-align': /^(?:left|right|center|justify|start|end)$/,
  'font-size': STYLE_LENGTH,
  'line-height': /^(?:\d+(?:\.\d+)?(?:px|em|%)?|normal)$/,
  margin: STYLE_LENGTHS,
  'margin-top': STYLE_LENGTH,
  'margin-right': STYLE_LENGTH,
  'margin-bottom': STYLE_LENGTH,
  'margin-left': STYLE_LENGTH,
  padding: STYLE_LENGTHS,
  'padding-top': STYLE_LENGTH,
  'padding-right': STYLE_LENGTH,
  'padding-bottom': STYLE_LENGTH,
  'padding-left': STYLE_LENGTH,
  // §9 asks for about 30 font families in the editor: font-family is kept, but only as one of RICH_TEXT_FONTS' stacks
  // (a closed list, see STYLE_FONT_FAMILY), never a free value. The api's whole-email level has its own looser rule
  // for the layout MJML writes.
  'font-family': STYLE_FONT_FAMILY,
};

/** §5: the attributes rich text keeps (the browser's sanitiser and the server's email one). */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = [
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

/** §5: link schemes kept (http, https, ftp, mailto, tel) or a relative address; anything else is dropped. */
export const RICH_TEXT_URI = /^(?:(?:https?|ftp|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Tags never kept: they run code, load a document or take input. */
export const RICH_TEXT_FORBIDDEN_TAGS: readonly string[] = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'meta',
  'link',
  'base',
  'svg',
  'math',
  'template',
  'noscript',
  'portal',
];

/**
 * A style attribute reduced to the declarations `rules` allows, each value matching its pattern and never calling nor
 * escaping anything (no url(), expression, comment, escape, at-rule; parentheses only inside rgb()/rgba()).
 */
export function filterStyleDeclarations(style: string, rules: Readonly<Record<string, RegExp>>): string {
  const kept: string[] = [];
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i === -1) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl
      .slice(i + 1)
      .trim()
      .replace(/\s*!important$/i, '');
    const rule = Object.prototype.hasOwnProperty.call(rules, prop) ? rules[prop] : undefined;
    if (!rule || !rule.test(value)) continue;
    if (/[\\<>{}@]|\/\*|url|expression|javascript|behavior|binding/i.test(value)) continue;
    if (/[()]/.test(value.replace(/rgba?\([^()]*\)/gi, ''))) continue;
    kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}
