import crypto from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { HeaderStyle, ShopTab } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { shopImages, shopPublicPages, shopTabs } from '../catalog';
import type { TabInput } from './shops.schemas';

/** Public-page data of the shop editor (/dashboard/customize): header style, every tab (hidden ones too), images. */

export async function readHeaderStyle(db: DbOrTx, shopId: number): Promise<HeaderStyle> {
  const [page] = await db
    .select({ headerStyle: shopPublicPages.headerStyle })
    .from(shopPublicPages)
    .where(eq(shopPublicPages.shopId, shopId))
    .limit(1);
  return page?.headerStyle ?? {};
}

export async function saveHeaderStyle(db: DbOrTx, shopId: number, patch: HeaderStyle): Promise<HeaderStyle> {
  const current = await readHeaderStyle(db, shopId);
  const next = { ...current, ...patch };
  await db
    .insert(shopPublicPages)
    .values({ shopId, headerStyle: next })
    .onConflictDoUpdate({ target: shopPublicPages.shopId, set: { headerStyle: next, updatedAt: new Date() } });
  return next;
}

/** Every tab of the shop as a tree (depth 2), hidden ones included, ordered. */
export async function readAllTabs(db: DbOrTx, shopId: number): Promise<ShopTab[]> {
  const rows = await db.select().from(shopTabs).where(eq(shopTabs.shopId, shopId)).orderBy(asc(shopTabs.order), asc(shopTabs.id));
  const node = (t: typeof shopTabs.$inferSelect): ShopTab => ({
    id: t.id,
    name: t.name,
    order: t.order,
    exists: t.exists,
    content: t.content,
    children: rows.filter((c) => c.parentId === t.id).map(node),
  });
  const ids = new Set(rows.map((r) => r.id));
  return rows.filter((t) => t.parentId == null || !ids.has(t.parentId)).map(node);
}

/**
 * Replaces the shop's tabs by `tabs` (order = position). A tab sent with the id of one of the shop's tabs keeps its id
 * (its ?pageid links stay valid); unknown ids are created; tabs not sent are deleted. One transaction.
 */
export async function replaceTabs(db: DbOrTx, shopId: number, tabs: TabInput[]): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = new Set((await tx.select({ id: shopTabs.id }).from(shopTabs).where(eq(shopTabs.shopId, shopId))).map((r) => r.id));
    const kept: number[] = [];
    const claimed = new Set<number>();
    const upsert = async (
      t: { id?: number; name: string; exists: boolean; content: TabInput['content'] },
      order: number,
      parentId: number | null,
    ): Promise<number> => {
      const values = { name: t.name, exists: t.exists, content: t.content, order, parentId };
      if (t.id && existing.has(t.id) && !claimed.has(t.id)) {
        claimed.add(t.id);
        await tx
          .update(shopTabs)
          .set(values)
          .where(and(eq(shopTabs.id, t.id), eq(shopTabs.shopId, shopId)));
        kept.push(t.id);
        return t.id;
      }
      const [row] = await tx
        .insert(shopTabs)
        .values({ ...values, shopId })
        .returning({ id: shopTabs.id });
      kept.push(row.id);
      return row.id;
    };
    for (const [i, tab] of tabs.entries()) {
      const id = await upsert(tab, i, null);
      for (const [j, child] of (tab.children ?? []).entries()) await upsert(child as TabInput, j, id);
    }
    await tx
      .delete(shopTabs)
      .where(kept.length ? and(eq(shopTabs.shopId, shopId), notInArray(shopTabs.id, kept)) : eq(shopTabs.shopId, shopId));
  });
}

/** Stores an uploaded image (data URL) and returns the public path that serves it. */
export async function saveImage(db: DbOrTx, shopId: number, kind: 'banner' | 'logo', dataUrl: string): Promise<string> {
  const version = crypto.createHash('sha256').update(dataUrl).digest('base64url').slice(0, 16);
  await db
    .insert(shopImages)
    .values({ shopId, kind, dataUrl, version })
    .onConflictDoUpdate({ target: [shopImages.shopId, shopImages.kind], set: { dataUrl, version, updatedAt: new Date() } });
  return `/v1/shops/${shopId}/images/${kind}?v=${version}`;
}

export async function deleteImages(db: DbOrTx, shopId: number, kinds: Array<'banner' | 'logo'>): Promise<void> {
  if (kinds.length) await db.delete(shopImages).where(and(eq(shopImages.shopId, shopId), inArray(shopImages.kind, kinds)));
}

export async function readImage(db: DbOrTx, shopId: number, kind: 'banner' | 'logo') {
  const [row] = await db
    .select()
    .from(shopImages)
    .where(and(eq(shopImages.shopId, shopId), eq(shopImages.kind, kind)))
    .limit(1);
  return row;
}
