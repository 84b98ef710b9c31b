import fc from 'fast-check';
import { safeRedirectLink } from './redirect-link';

describe('safeRedirectLink', () => {
  it.each([
    '/dashboard',
    '/dashboard/orders/12',
    '/dashboard/settings?link=infos',
    '/shops/domaine-demo?page=nos-vins&pageid=3#top',
    '/dashboard/clients?isPro=true',
    '/shops/caf%C3%A9',
    '/shops/café',
    '/user@home/~tilde_x',
    '/a.b/c',
    '/',
  ])('keeps %s', (link) => expect(safeRedirectLink(link)).toBe(link));

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.com',
    '///evil.com',
    'https://evil.com',
    'http:/evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    '/javascript:alert(1)',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '/%252F%252Fevil.com',
    '/dash board',
    '/a\tb',
    '/a%0Ab',
    '/../admin',
    '/a/./b',
    '/%E0%A4%A',
    '/x?<script>',
    '/x#"onload',
    ' //evil.com',
    '/dashboard//evil',
    'data:text/html,x',
  ])('rejects %p', (link) => expect(safeRedirectLink(link)).toBeNull());

  it('never lets an absolute or protocol-relative URL through (property)', () => {
    const chars = fc.constantFrom(
      ...'/\\:.%@-_~?#=&aAzZ09 \t'.split(''),
      '%2F',
      '%5C',
      '%2f',
      '%5c',
      '%3A',
      'http',
      'https:',
      'javascript:',
      '//',
    );
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 20 }).map((a) => a.join('')),
        (s) => {
          const kept = safeRedirectLink(s);
          if (kept === null) return true;
          const url = new URL(kept, 'https://app.example');
          const decoded = decodeURIComponent(kept.split(/[?#]/)[0]);
          return (
            url.origin === 'https://app.example' &&
            kept.startsWith('/') &&
            !kept.startsWith('//') &&
            !decoded.includes('//') &&
            !decoded.includes('\\')
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps any well-formed relative path (property)', () => {
    const seg = fc.stringMatching(/^[A-Za-z0-9@_~-]{1,10}$/);
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 5 }), (segs) => safeRedirectLink(`/${segs.join('/')}`) === `/${segs.join('/')}`),
    );
  });
});
