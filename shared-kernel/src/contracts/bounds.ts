// The bounds every number of the api stays within, shared by the contracts, the api's input guard and the screens.
// PostgreSQL's `integer` holds −2³¹ … 2³¹−1: an id beyond it can never match a row, and a quantity beyond it would
// make the database refuse the write. A number the api cannot even hold exactly (beyond 2⁵³) is refused everywhere.
import { z } from 'zod';

/** Largest serial id (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;
/** Units of a line, a stock level or a movement: far more than any cellar holds, well inside `integer`. */
export const QUANTITY_MAX = 10_000_000;

export const BOUND_MESSAGES = {
  id: 'Identifiant invalide',
  tooLarge: 'Nombre hors limites',
  quantity: `La quantité doit être un entier entre 0 et ${QUANTITY_MAX.toLocaleString('fr-FR')}`,
} as const;

/** An id in a JSON body (1 … 2³¹−1). */
export const idNumber = (message: string = BOUND_MESSAGES.id) =>
  z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);

/** An id in a query string or a path (`"12"` → 12). */
export const idParam = (message: string = BOUND_MESSAGES.id) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);

/** A count of units (0 … QUANTITY_MAX). */
export const quantityNumber = (message: string = BOUND_MESSAGES.quantity) =>
  z.number({ error: message }).int(message).min(0, message).max(QUANTITY_MAX, message);

/** Whether a key names an id (`id`, `clientId`, `shopIds`…): its numbers are row ids. */
export const isIdKey = (key: string): boolean => key === 'id' || key === 'ids' || /[a-z](Id|Ids)$/.test(key);
