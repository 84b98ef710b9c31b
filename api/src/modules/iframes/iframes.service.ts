import type { Paginated } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import {
  deleteIframe,
  findPublicIframe,
  findShopProduct,
  insertIframe,
  listIframes,
  updateIframe,
  type IframesQuery,
} from './iframes.repository';
import { IFRAME_MESSAGES, type IframeBody } from './iframes.schemas';
import type { IframeRow } from './iframes.tables';

const dto = (row: IframeRow) => ({
  id: row.id,
  shopId: row.shopId,
  name: row.name,
  kind: row.kind,
  productId: row.productId,
  createdAt: row.createdAt,
});
export type IframeDto = ReturnType<typeof dto>;

/** Embeddable widgets (/iframes/{id}): public read, configuration scoped to the caller's shop. */
export function createIframesService(deps: { db: Db }) {
  const { db } = deps;

  async function productOf(shopId: number, body: IframeBody): Promise<number | null> {
    if (body.kind === 'list') return null;
    if (!body.productId) throw new HttpError(400, IFRAME_MESSAGES.productRequired, 'productId');
    const p = await findShopProduct(db, shopId, body.productId);
    if (!p) throw new HttpError(400, IFRAME_MESSAGES.productNotFound, 'productId');
    return p.id;
  }

  return {
    async list(shopId: number, q: IframesQuery): Promise<Paginated<IframeDto>> {
      const { rows, total } = await listIframes(db, shopId, q);
      return paginated(rows.map(dto), total, q);
    },
    async create(shopId: number, body: IframeBody) {
      const row = await insertIframe(db, shopId, { name: body.name, kind: body.kind, productId: await productOf(shopId, body) });
      return { ...dto(row), message: IFRAME_MESSAGES.created };
    },
    async update(shopId: number, id: number, body: IframeBody) {
      const row = await updateIframe(db, shopId, id, { name: body.name, kind: body.kind, productId: await productOf(shopId, body) });
      if (!row) throw new HttpError(404, IFRAME_MESSAGES.notFound);
      return { ...dto(row), message: IFRAME_MESSAGES.updated };
    },
    async remove(shopId: number, id: number) {
      if (!(await deleteIframe(db, shopId, id))) throw new HttpError(404, IFRAME_MESSAGES.notFound);
      return { success: true as const, message: IFRAME_MESSAGES.deleted };
    },
    async publicView(id: number) {
      const row = await findPublicIframe(db, id);
      // §1 module `iframes` off: the shop's embedded widgets are gone from the sites that embed them, not only its menu
      const on = (row?.integration as Record<string, { active?: unknown }> | null | undefined)?.iframes?.active === true;
      if (!row || !on) throw new HttpError(404, IFRAME_MESSAGES.notFound);
      return { ...dto(row.iframe), urlShop: row.urlShop };
    },
  };
}
