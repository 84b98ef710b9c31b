// The editor's working copy of the public shop's look (colour, banner, logo, header style, tabs): built from
// GET /v1/shops/me/page, changed by the edits below, compared with the saved copy, and turned back into the bodies of
// PUT /v1/shops/me. Pure functions: the page, the tab editor and the preview only call them.
import type { HeaderStyle, PublicShopPage, Shop, ShopCustomization, ShopTab, ShopTabInput } from 'shared-kernel/contracts';

export type TabContent = ShopTabInput['content'];
export type ImageKind = 'banner' | 'logo';
export const IMAGE_KINDS: readonly ImageKind[] = ['banner', 'logo'];

/** A tab being edited: `key` follows it through renames and moves (`id` is missing until it is saved). */
export interface EditTab {
  key: string;
  id?: number;
  name: string;
  exists: boolean;
  content: TabContent;
  children: EditTab[];
}
export interface Draft {
  color: string;
  banner: string | null;
  logo: string | null;
  headerStyle: HeaderStyle;
  tabs: EditTab[];
}

/** What PUT /v1/shops/me answers: the shop (for the session), with the saved header style and tabs. */
export type SaveAnswer = Shop & { message?: string; headerStyle: HeaderStyle; tabs: ShopTab[] };

/** An uploaded image goes in a request of its own (a data URL can weigh ~700 kB, the api takes 1 MB per body). */
export interface ImageRequest {
  editedShop: Partial<Record<ImageKind, string>>;
  noMessage: true;
}
export interface SaveRequest {
  images: ImageRequest[];
  body: { editedShop: Record<string, string | null>; headerStyle: HeaderStyle; tabs: ShopTabInput[] };
}

let keySeq = 0;
export const newTabKey = (): string => `t${++keySeq}`;

export function toEditTabs(tabs: readonly ShopTab[]): EditTab[] {
  return tabs.map((t) => ({
    key: newTabKey(),
    id: t.id,
    name: t.name,
    exists: t.exists,
    content: t.content,
    children: toEditTabs(t.children ?? []),
  }));
}

export function draftOf(c: ShopCustomization, fallbackColor: string): Draft {
  return {
    color: c.editedShop?.color || c.headerStyle?.color || fallbackColor,
    banner: c.editedShop?.banner ?? null,
    logo: c.editedShop?.logo ?? null,
    headerStyle: c.headerStyle ?? {},
    tabs: toEditTabs(c.tabs ?? []),
  };
}

/** The tabs as the api takes them: names trimmed, ids of saved tabs kept, one level of sub-tabs. */
export function toTabInputs(tabs: readonly EditTab[], depth = 0): ShopTabInput[] {
  return tabs.map((t) => ({
    ...(t.id ? { id: t.id } : {}),
    name: t.name.trim(),
    exists: t.exists,
    content: t.content,
    ...(depth === 0 ? { children: toTabInputs(t.children, 1) } : {}),
  }));
}

const comparable = (d: Draft) =>
  JSON.stringify({ color: d.color, banner: d.banner, logo: d.logo, headerStyle: d.headerStyle, tabs: toTabInputs(d.tabs) });

/** Whether two drafts would save the same thing (tab keys and surrounding spaces of names ignored). */
export function sameDraft(a: Draft, b: Draft): boolean {
  return comparable(a) === comparable(b);
}

export function toSaveRequest(draft: Draft, saved: Draft): SaveRequest {
  const editedShop: Record<string, string | null> = { color: draft.color };
  const images: ImageRequest[] = [];
  for (const kind of IMAGE_KINDS) {
    const value = draft[kind];
    if (value === saved[kind]) continue;
    if (value?.startsWith('data:')) images.push({ editedShop: { [kind]: value }, noMessage: true });
    else editedShop[kind] = value;
  }
  return { images, body: { editedShop, headerStyle: draft.headerStyle, tabs: toTabInputs(draft.tabs) } };
}

/** The answer of the save, split into the session's shop and the new saved customization. */
export function splitSaveAnswer(answer: SaveAnswer): { shop: Shop; customization: ShopCustomization; message?: string } {
  const { message, headerStyle, tabs, ...shop } = answer;
  return { shop, customization: { editedShop: answer.editedShop ?? null, headerStyle, tabs }, message };
}

/** Api error fields that are not the form's own paths (`tabs.1.children.0.name` already is). */
export const API_FIELDS = { 'editedShop.color': 'color', 'editedShop.banner': 'banner', 'editedShop.logo': 'logo' } as const;

// ── edits ──

export function newTab(name: string): EditTab {
  return { key: newTabKey(), name, exists: true, content: { kind: 'products' }, children: [] };
}

/** `list` with item `i` swapped with its neighbour `delta` away; unchanged at either end. */
export function moveItem<T>(list: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

export function removeTab(list: readonly EditTab[], key: string): EditTab[] {
  return list.filter((t) => t.key !== key);
}

/** Switching a tab between products and text starts the new kind empty. */
export function contentOfKind(kind: TabContent['kind']): TabContent {
  return kind === 'text' ? { kind: 'text', text: '' } : { kind: 'products' };
}

/** A products tab's filter with `values` for `key` (an empty choice drops the key, an empty filter drops `filter`). */
export function withProductFilter(content: TabContent, key: string, values: string[]): TabContent {
  const filter: Record<string, string[]> = { ...(content.kind === 'products' ? content.filter : undefined), [key]: values };
  if (!values.length) delete filter[key];
  return { kind: 'products', ...(Object.keys(filter).length ? { filter } : {}) };
}

// ── preview ──

export type PreviewShopBase = Pick<Shop, 'id' | 'code' | 'name' | 'urlShop' | 'businessType'>;

/** The public shop page the preview renders: the real ShopHeader fed with the unsaved values (hidden tabs left out). */
export function previewShop(shop: PreviewShopBase, d: Draft): PublicShopPage {
  const tabs = (list: readonly EditTab[]): ShopTab[] =>
    list
      .filter((t) => t.exists)
      .map((t, i) => ({
        // unsaved tabs need an id of their own, that no saved tab has
        id: t.id ?? -(i + 1) * 1000 - Number(t.key.slice(1)),
        name: t.name || '…',
        order: i,
        exists: true,
        content: t.content,
        children: tabs(t.children),
      }));
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    editedShop: { color: d.color, banner: d.banner, logo: d.logo },
    description: null,
    legalNotice: null,
    headerStyle: d.headerStyle,
    pricesReservedToMembers: false,
    titleProducts: null,
    tabs: tabs(d.tabs),
    viewer: { member: true, kind: 'owner', typology: 'particulier', typologyName: 'Particulier', ttc: true },
  };
}

/** The visible tab or sub-tab with `key`, if any. */
export function findVisibleTab(tabs: readonly EditTab[], key: string | null): EditTab | null {
  if (!key) return null;
  return tabs.flatMap((t) => [t, ...t.children]).find((t) => t.key === key && t.exists) ?? null;
}
