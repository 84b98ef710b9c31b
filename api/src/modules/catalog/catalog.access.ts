import type { ShopMemberRow, ShopRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';

/**
 * Who is looking at the catalogue, which typology (prices) they see (§6), and the cache keys of their view. No query, no
 * dependency on the rest of the module.
 */

export const CATALOG_MESSAGES = {
  productNotFound: 'Produit inexistant',
  gtinInvalid: "Ce code GTIN n'est pas valide",
  gtinUnknown: 'Aucun produit ne correspond à ce code GTIN',
  badTypology: "Cette typologie n'existe pas dans la boutique",
} as const;

/** What the api knows of the visitor: nothing (anonymous) or their shop memberships. */
export interface Viewer {
  memberships: ShopMemberRow[];
  user?: { id: number; isPro: boolean };
}

export interface Typology {
  id: string;
  name: string;
  public?: boolean;
  ttc?: boolean;
  /** « Remise globale » (%): every unit priced for this typology costs that much less (the price engine) */
  globalDiscount?: number;
  /** the quantity rules count 75 cl equivalents for this typology */
  allRulesInEq75?: boolean;
}

function typologiesOf(shop: ShopRow): Typology[] {
  return (shop.typologies ?? []) as unknown as Typology[];
}
function publicTypology(shop: ShopRow): Typology {
  const list = typologiesOf(shop);
  return list.find((t) => t.public) ?? list[0] ?? { id: 'particulier', name: 'Particulier', public: true, ttc: true };
}
export const PRIVILEGED = new Set(['owner', 'iam', 'agent']);

/** §6: owners/iam/agents of the shop are privileged (see empty products, may preview a typology). */
export function membershipOf(viewer: Viewer, shopId: number): ShopMemberRow | undefined {
  return viewer.memberships.find((m) => m.shopId === shopId);
}

/** The viewer is the owner, an iam or an agent of the shop (a closed shop's catalogue stays readable to them). */
export function isStaffOf(viewer: Viewer, shopId: number): boolean {
  const m = membershipOf(viewer, shopId);
  return !!m && PRIVILEGED.has(m.kind);
}

/** §6: the buyer's typology in the shop when they belong to it, else the public one; privileged members may ask for one. */
export function typologyFor(shop: ShopRow, viewer: Viewer, requested?: string): Typology {
  const list = typologiesOf(shop);
  const m = membershipOf(viewer, shop.id);
  if (requested && m && PRIVILEGED.has(m.kind)) {
    const t = list.find((x) => x.id === requested || x.name === requested);
    if (!t) throw new HttpError(400, CATALOG_MESSAGES.badTypology, 'typology');
    return t;
  }
  if (m?.typology) {
    const t = list.find((x) => x.id === m.typology || x.name === m.typology);
    if (t) return t;
  }
  return publicTypology(shop);
}

/** What decides the catalogue a viewer sees: their memberships (kind, typology). Anonymous = ''. */
export function viewKey(viewer: Viewer): string {
  if (!viewer.memberships.length) return '';
  return viewer.memberships
    .map((m) => `${m.shopId}:${m.kind}:${m.typology ?? ''}`)
    .sort()
    .join(',');
}

/**
 * The cache key of an answer: for an anonymous visitor the URL as sent (`url`, so that `answerFromCache` finds it
 * again before anything parses the request), else the view and the parsed query.
 */
export const answerKey = (viewer: Viewer, url: string | undefined, normalized: () => string) =>
  url && !viewer.user && !viewer.memberships.length ? `url|${url}` : normalized();
