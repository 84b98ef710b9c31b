/**
 * Shop-by-name routes ('/:name', '/:name/:product', …) start with a parameter. They must
 * not swallow unknown paths under the first segments the other routes own
 * ('/dashboard/unknown' is an unknown route, not a shop named "dashboard").
 */

const firstSegment = (path: string): string => path.replace(/^\/+/, '').split('/')[0] ?? '';

export const startsWithParam = (routePath: string): boolean => {
  const seg = firstSegment(routePath);
  return seg.startsWith(':') || seg === '*';
};

/** Static first segments of every route that does not start with a parameter. */
export function reservedFirstSegments(paths: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    const seg = firstSegment(p);
    if (seg && !seg.startsWith(':') && seg !== '*') out.add(seg.toLowerCase());
  }
  return out;
}

/**
 * True when a route starting with a parameter matched a pathname whose first segment is
 * reserved: the match must be treated as "no route" (unknown).
 */
export function isReservedCollision(routePath: string, pathname: string, reserved: ReadonlySet<string>): boolean {
  if (!startsWithParam(routePath)) return false;
  let seg = firstSegment(pathname);
  try {
    seg = decodeURIComponent(seg);
  } catch {
    /* keep raw */
  }
  return reserved.has(seg.toLowerCase());
}
