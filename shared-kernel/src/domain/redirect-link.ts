/**
 * Spec §2: the login redirectLink is kept only when it is a relative path of letters,
 * digits and @ - % _ ~ (with '/' separators and '.' inside segments) plus an optional
 * ?query and #fragment. Anything that could leave the origin ('//host', '/\host',
 * 'https:', 'javascript:', and their percent-encoded forms) is rejected.
 */
const PATH = /^\/(?:[\p{L}\p{N}@\-%_~.]+\/?)*$/u;
const QUERY = /^[\p{L}\p{N}@\-%_~.=&+,:/?]*$/u;
const FRAGMENT = /^[\p{L}\p{N}@\-%_~.=&+,:/?]*$/u;
const MAX_LENGTH = 2048;

/** Decode repeatedly (up to 3 times) so double-encoded tricks are inspected too; null when malformed. */
function decodings(value: string): string[] | null {
  const out = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    out.push(next);
    current = next;
  }
  return out;
}

function pathIsSafe(path: string): boolean {
  if (!PATH.test(path)) return false;
  const decoded = decodings(path);
  if (!decoded) return false;
  return decoded.every((d) => {
    if (!d.startsWith('/')) return false;
    if (d.includes('//') || d.includes('\\')) return false;
    // Control characters and whitespace never belong in a path.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\u0000-\u001f\u007f\s]/u.test(d)) return false;
    // No '.' or '..' segments.
    return !d.split('/').some((seg) => seg === '.' || seg === '..');
  });
}

export function safeRedirectLink(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value || value.length > MAX_LENGTH) return null;
  const hashAt = value.indexOf('#');
  const beforeHash = hashAt === -1 ? value : value.slice(0, hashAt);
  const fragment = hashAt === -1 ? null : value.slice(hashAt + 1);
  const qAt = beforeHash.indexOf('?');
  const path = qAt === -1 ? beforeHash : beforeHash.slice(0, qAt);
  const query = qAt === -1 ? null : beforeHash.slice(qAt + 1);
  if (!pathIsSafe(path)) return null;
  if (query !== null && !QUERY.test(query)) return null;
  if (fragment !== null && !FRAGMENT.test(fragment)) return null;
  return value;
}
