// Spec §5 rich text: the style properties a text may keep (colour, background colour, text-align, font-size, margins,
// paddings, line-height in px/em/%), each value checked by a pattern that cannot load nor run anything. One table for
// the browser's sanitiser (ui/sanitize.ts) and the server's email sanitiser (api modules/marketing).

/** A length in px, em or % (the pattern's source, to build others from). */
export const STYLE_LENGTH_SOURCE = String.raw`-?\d+(?:\.\d+)?(?:px|em|%)`;
export const STYLE_LENGTH = new RegExp(`^(?:${STYLE_LENGTH_SOURCE}|0)$`);
/** One to four lengths (or auto): margin, padding. */
export const STYLE_LENGTHS = new RegExp(`^(?:${STYLE_LENGTH_SOURCE}|0|auto)(?:\\s+(?:${STYLE_LENGTH_SOURCE}|0|auto)){0,3}$`);
/** #hex, rgb()/rgba() or a colour name. */
export const STYLE_COLOR =
  /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

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
};
