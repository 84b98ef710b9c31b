/** GS1 Digital Link: a GTIN scanned on a bottle resolves to its product (and vintage, by name or lot) on sale. */
import type { Gs1Resolution } from 'shared-kernel/contracts';
import { isValidGtin, toGtin14 } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { CATALOG_MESSAGES } from './catalog.access';
import * as repo from './catalog.repository';

/** GS1 Digital Link: GTIN-8/12/13/14, check digit verified, left-padded to 14. */
export function parseGtin(raw: string): string | null {
  if (!/^\d{8}$|^\d{12,14}$/.test(raw) || !isValidGtin(raw)) return null;
  return toGtin14(raw);
}

export async function resolveGs1(db: Db, raw: string, vintage?: string, lot?: string): Promise<Gs1Resolution> {
  const gtin14 = parseGtin(raw);
  if (!gtin14) throw new HttpError(404, CATALOG_MESSAGES.gtinInvalid, 'gtin');
  const stripped = gtin14.replace(/^0+/, '');
  const candidates = [...new Set([8, 12, 13, 14].filter((n) => n >= stripped.length).map((n) => stripped.padStart(n, '0')))];
  const hit = await repo.findFormatByGtin(db, candidates);
  if (!hit) throw new HttpError(404, CATALOG_MESSAGES.gtinUnknown, 'gtin');
  let vintageId: number | null = null;
  let vintageName: string | null = null;
  const vs = await repo.findProductVintages(db, hit.productId);
  const byLot = lot ? vs.find((v) => v.lot === lot) : undefined;
  const byName = vintage ? vs.find((v) => v.name.toLowerCase() === vintage.toLowerCase()) : undefined;
  const v = byName ?? byLot;
  if (v) {
    vintageId = v.id;
    vintageName = v.name;
  }
  return {
    gtin14,
    shopId: hit.shopId,
    urlShop: hit.urlShop,
    productId: hit.productId,
    formatId: hit.formatId,
    vintageId,
    vintage: vintageName,
    lot: lot ?? null,
  };
}
