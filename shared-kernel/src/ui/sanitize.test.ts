/** @jest-environment jsdom */
import { filterStyle, sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps ordinary tags and text', () => {
    expect(sanitizeRichText('<h1>Titre</h1><p>Un <b>beau</b> <i>vin</i></p><ul><li>a</li></ul>')).toBe(
      '<h1>Titre</h1><p>Un <b>beau</b> <i>vin</i></p><ul><li>a</li></ul>',
    );
    expect(sanitizeRichText(null)).toBe('');
  });
  it('removes scripts, event handlers and dangerous tags', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">a</p><script>alert(1)</script><img src="x.png" onerror="alert(1)"><iframe src="https://e.com"></iframe><style>p{}</style>',
    );
    expect(out).toBe('<p>a</p><img src="x.png">');
  });
  it('keeps http, https, ftp, mailto and tel links only', () => {
    expect(sanitizeRichText('<a href="https://a.fr">a</a>')).toBe('<a href="https://a.fr">a</a>');
    expect(sanitizeRichText('<a href="http://a.fr">a</a>')).toContain('href="http://a.fr"');
    expect(sanitizeRichText('<a href="ftp://a.fr">a</a>')).toContain('href="ftp://a.fr"');
    expect(sanitizeRichText('<a href="mailto:a@b.fr">a</a>')).toContain('href="mailto:a@b.fr"');
    expect(sanitizeRichText('<a href="tel:+33612345678">a</a>')).toContain('href="tel:+33612345678"');
    expect(sanitizeRichText('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeRichText('<a href="data:text/html,x">a</a>')).toBe('<a>a</a>');
    expect(sanitizeRichText('<a href="sms:123">a</a>')).toBe('<a>a</a>');
  });
  it('protects new-tab links', () => {
    expect(sanitizeRichText('<a href="https://a.fr" target="_blank">a</a>')).toBe(
      '<a href="https://a.fr" target="_blank" rel="noopener noreferrer">a</a>',
    );
  });
  it('keeps only the allowed style properties and units', () => {
    const out = sanitizeRichText(
      '<p style="color: #ff0000; background-color: rgb(1, 2, 3); text-align: center; font-size: 14px; margin: 0 10px; padding-left: 2em; line-height: 150%; position: fixed; background-image: url(javascript:x); width: 100px">a</p>',
    );
    expect(out).toBe(
      '<p style="color: #ff0000; background-color: rgb(1, 2, 3); text-align: center; font-size: 14px; margin: 0 10px; padding-left: 2em; line-height: 150%">a</p>',
    );
  });
  it('drops a style attribute with nothing allowed, and units other than px/em/%', () => {
    expect(sanitizeRichText('<p style="position: absolute">a</p>')).toBe('<p>a</p>');
    expect(filterStyle('font-size: 12pt; margin-top: 1vh; color: expression(alert(1))')).toBe('');
  });
  it('keeps a font family of the §9 list only (a closed list: nothing to load)', () => {
    expect(sanitizeRichText('<span style="font-family: &quot;Times New Roman&quot;, Times, serif; font-size: 26px">a</span>')).toBe(
      '<span style="font-family: &quot;Times New Roman&quot;, Times, serif; font-size: 26px">a</span>',
    );
    expect(sanitizeRichText('<p style="font-family: url(x); color: red">a</p>')).toBe('<p style="color: red">a</p>');
    expect(sanitizeRichText('<p style="font-family: Evil">a</p>')).toBe('<p>a</p>');
    expect(filterStyle('font-family: Arial, Helvetica, sans-serif, Evil')).toBe('');
  });
  it('drops attributes outside the list', () => {
    expect(sanitizeRichText('<p data-x="1" id="y" class="c">a</p>')).toBe('<p class="c">a</p>');
  });
});
