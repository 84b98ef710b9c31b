/**
 * What the back-office catalogue files share: the dependencies their functions are given (instead of closing over
 * them), the shop's typologies as the screens read them, and the errors they answer with.
 */
import { PRODUCT_ADMIN_MESSAGES as M } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import type { MediaStore } from './products.media';

export interface ProductsDeps {
  db: Db;
  media: MediaStore;
}

export interface ShopTypology {
  id: string;
  name: string;
  ttc: boolean;
  public: boolean;
}
export const typologiesOf = (shop: ShopRow): ShopTypology[] =>
  ((shop.typologies ?? []) as unknown as Array<Partial<ShopTypology> & { id: string; name: string }>).map((t) => ({
    id: t.id,
    name: t.name,
    ttc: t.ttc !== false,
    public: !!t.public,
  }));

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const notFound = () => new HttpError(404, M.notFound);

/** A field path error (`formats.0.gtin`), as ZodForm/applyServerErrors expect. */
export const fieldError = (message: string, ...path: Array<string | number>) => new HttpError(400, message, path.join('.'));
