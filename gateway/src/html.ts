/**
 * Splicing markup into the served page. Never `html.replace(string, string)` with data in the replacement: `$&`,
 * `` $` ``, `$'`, `$1`, `$<name>` and `$$` in a shop name or description would be read as patterns (a shop named
 * ``Domaine $` démo`` copied the whole document into its title). These only splice.
 */

/** `markup` inserted before the first `marker`, or null when the page has none. */
export function insertBefore(html: string, marker: string, markup: string): string | null {
  const i = html.indexOf(marker);
  return i < 0 ? null : html.slice(0, i) + markup + html.slice(i);
}

/** The first match of `pattern` removed. */
export function removeFirst(html: string, pattern: RegExp): string {
  const m = pattern.exec(html);
  return m ? html.slice(0, m.index) + html.slice(m.index + m[0].length) : html;
}
