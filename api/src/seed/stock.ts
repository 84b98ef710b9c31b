import type { Db } from '../platform/db/client';
import type { Logger } from '../platform/logger';

/** Demo stock data of Domaine de Démo (issue 12), after the catalogue and the orders. Idempotent. */
export async function seedStock(_db: Db, _logger?: Logger): Promise<void> {}
