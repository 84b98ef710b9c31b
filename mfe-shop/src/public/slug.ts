// Runtime helpers of the catalogue contract. shared-kernel is a Module Federation singleton served by the
// shell's build, so a remote must not rely on runtime values added to it later than that build: these mirror
// shared-kernel/contracts/catalog.ts (types are imported from there; values live here).

/** Filter value meaning "products without this attribute" ('Autres produits'). */
export const OTHER_PRODUCTS = '__other';

/** Product page URL part: `12-les-galets-rouges`. */
export function productSlug(p: { id: number; name: string }): string {
  const slug = p.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${p.id}-${slug}`;
}

/** Spec §2: tab query value = tab name lowercased, spaces → hyphens. */
export function tabQueryName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}
