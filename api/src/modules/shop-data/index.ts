/** Import and export of a whole shop: products, clients and stock levels from a producer's files; the zip of everything. */
import type { AppConfig } from '../../platform/config';
import { createLinkSigner } from '../../platform/auth/jwt';
import type { Db } from '../../platform/db/client';
import type { JobHandler } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { shopDataServiceOf } from './shop-data.router';

export * from './shop-data.tables';
export { createShopDataRouter } from './shop-data.router';
export { createShopDataService, SHOP_EXPORT_JOB, SHOP_IMPORT_JOB, type ShopDataService } from './shop-data.service';

/** The 'shop-import' and 'shop-export' job handlers (the server's and the test app's worker). */
export function shopDataJobHandlers(deps: {
  db: Db;
  config: AppConfig;
  jwtSecret: Uint8Array;
  logger?: Logger;
}): Record<string, JobHandler<never>> {
  return shopDataServiceOf({
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    links: createLinkSigner(deps.jwtSecret),
  }).jobHandlers();
}
