// Catalogue rules shared by the api and the shop pages (pure, no zod: public pages import them).

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
