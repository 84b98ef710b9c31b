import type { Db } from '../platform/db/client';
import type { Logger } from '../platform/logger';

/** Demo excise data of Domaine de Démo (issue 12: CRD colours and capsule stock), after the stock. Idempotent. */
export async function seedExcise(_db: Db, _logger?: Logger): Promise<void> {}
