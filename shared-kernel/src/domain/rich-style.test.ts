import {
  normalizeRichTextLink,
  RICH_TEXT_DEFAULT_SIZE,
  RICH_TEXT_FONTS,
  RICH_TEXT_SIZES,
  RICH_TEXT_STYLE_RULES,
  richTextFontOf,
  STYLE_FONT_FAMILY,
} from './rich-style';

describe('§9 rich-text constants', () => {
  it('sizes are exactly the « Taille » list, 10 by default', () => {
    expect([...RICH_TEXT_SIZES]).toEqual([8, 10, 12, 14, 16, 18, 20, 26, 32, 36, 42, 50, 75, 100, 125, 150]);
    expect(RICH_TEXT_DEFAULT_SIZE).toBe(10);
  });
  it('about 30 font families, each unique and ending with a generic family', () => {
    expect(RICH_TEXT_FONTS.length).toBeGreaterThanOrEqual(28);
    expect(RICH_TEXT_FONTS.length).toBeLessThanOrEqual(32);
    expect(new Set(RICH_TEXT_FONTS.map((f) => f.label)).size).toBe(RICH_TEXT_FONTS.length);
    expect(new Set(RICH_TEXT_FONTS.map((f) => f.value)).size).toBe(RICH_TEXT_FONTS.length);
    for (const f of RICH_TEXT_FONTS) expect(f.value).toMatch(/, (?:serif|sans-serif|monospace|cursive)$/);
    expect(RICH_TEXT_FONTS.map((f) => f.label)).toEqual(
      expect.arrayContaining(['Arial', 'Helvetica', 'Georgia', 'Times New Roman', 'Verdana', 'Tahoma', 'Trebuchet MS', 'Courier New']),
    );
  });
});

describe('font-family rule (a closed list)', () => {
  it('keeps every stack of the list, whatever the quotes and the spaces after commas', () => {
    for (const f of RICH_TEXT_FONTS) expect(RICH_TEXT_STYLE_RULES['font-family'].test(f.value)).toBe(true);
    expect(STYLE_FONT_FAMILY.test("'Times New Roman', Times, serif")).toBe(true);
    expect(STYLE_FONT_FAMILY.test('"Times New Roman",Times,serif')).toBe(true);
    expect(STYLE_FONT_FAMILY.test('"Arial", Helvetica, sans-serif')).toBe(true);
  });
  it('refuses anything else: other names, a part of a stack, url(), escapes, a quoted generic, another order', () => {
    for (const v of [
      'Evil',
      'url(x)',
      'Arial',
      'Arial, Helvetica',
      'Arial, Helvetica, sans-serif, Evil',
      'Helvetica, Arial, sans-serif; color: red',
      'Times New Roman, Times, serif',
      '"Times New Roman, Times, serif"',
      'Arial, Helvetica, "sans-serif"',
      'Helvetica, Arial, serif',
      'arial, helvetica, sans-serif',
      '\\41 rial, Helvetica, sans-serif',
      '"Arial\', Helvetica, sans-serif',
    ])
      expect([v, STYLE_FONT_FAMILY.test(v)]).toEqual([v, false]);
  });
  it('finds the entry of a written value', () => {
    expect(richTextFontOf("'Courier New',Courier, monospace")?.label).toBe('Courier New');
    expect(richTextFontOf('Evil')).toBeUndefined();
    expect(richTextFontOf(null)).toBeUndefined();
  });
});

describe('normalizeRichTextLink (§5 schemes)', () => {
  it('keeps http, https, ftp, mailto and tel links', () => {
    for (const u of ['https://a.fr/x?y=1#z', 'http://a.fr', 'ftp://files.a.fr/f.pdf', 'mailto:a@b.fr', 'tel:+33612345678', 'HTTPS://A.FR'])
      expect(normalizeRichTextLink(` ${u} `)).toBe(u);
  });
  it('adds https:// to an address typed without a scheme', () => {
    expect(normalizeRichTextLink('www.domaine-viticole.fr/vins')).toBe('https://www.domaine-viticole.fr/vins');
  });
  it('refuses every other scheme, relative paths, merge fields and broken addresses', () => {
    for (const u of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'sms:123',
      'file:///etc/passwd',
      '/relative',
      '//evil.test',
      '{{shopUrl}}',
      'https://',
      'https:// a.fr',
      'mailto:',
      'https://a.fr/"onmouseover="x',
      '',
      null,
    ])
      expect([u, normalizeRichTextLink(u)]).toEqual([u, null]);
  });
});
