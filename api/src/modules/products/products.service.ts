/**
 * The back-office catalogue as one object for the router, the marketing module and the shop-data imports: the
 * caller's shop products, nested writes in one transaction, visuals. Each operation is a module-level function of its
 * own file, given here its dependencies (the db, the media store).
 *   products.read.ts      a page of products, the editable product, the formats a box may hold
 *   products.write.ts     create, update, duplicate, status, archive, delete (the product row, checks, one transaction)
 *   products.formats.ts   the nested rows of a save: vintages, formats, their prices and promotions
 *   products.visuals.ts   images uploaded to the media store and served back
 *   products.model.ts     deps, typologies, errors             products.repository.ts  every query
 */
import type { ProductInput, ProductInputParsed } from 'shared-kernel/contracts';
import type { ProductsDeps } from './products.model';
import { detail, formatOptions, list } from './products.read';
import type { ProductsQuery } from './products.repository';
import { mediaOf, upload } from './products.visuals';
import { archive, create, duplicate, remove, setStatus, update } from './products.write';

export type { ProductsDeps } from './products.model';

export function createProductsService(deps: ProductsDeps) {
  return {
    list: (shopId: number, q: ProductsQuery) => list(deps, shopId, q),
    detail: (shopId: number, id: number) => detail(deps.db, shopId, id),
    create: (shopId: number, input: ProductInputParsed) => create(deps, shopId, input),
    update: (shopId: number, id: number, input: ProductInputParsed) => update(deps, shopId, id, input),
    duplicate: (shopId: number, id: number) => duplicate(deps, shopId, id),
    setStatus: (shopId: number, ids: number[], status: ProductInputParsed['status']) => setStatus(deps, shopId, ids, status),
    archive: (shopId: number, id: number, archived: boolean) => archive(deps, shopId, id, archived),
    remove: (shopId: number, id: number) => remove(deps, shopId, id),
    formatOptions: (shopId: number) => formatOptions(deps, shopId),
    upload: (shopId: number, userId: number, bytes: Buffer) => upload(deps, shopId, userId, bytes),
    media: (key: string) => mediaOf(deps, key),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
export type { ProductInput };
