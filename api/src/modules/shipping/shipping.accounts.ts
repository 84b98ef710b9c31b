// The shop's UPS account: its credentials (the secret sealed, never sent back) and the connection test.
import { HttpError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { CarrierError, type CarrierCredentials } from './carrier.port';
import { carrierHttpError, type ShippingDeps } from './shipping.deps';
import { findAccount, markVerified, upsertAccount } from './shipping.repository';
import { SHIPPING_MESSAGES as M, type UpsAccountBody, type UpsAccountDto } from './shipping.schemas';
import type { CarrierAccountRow } from './shipping.tables';

/** The secret is bound to its shop, carrier and field: a sealed value copied to another row never opens. */
const secretContext = (shopId: number) => `shop:${shopId}:carrier.ups.clientSecret`;

function toDto(row: CarrierAccountRow | undefined): UpsAccountDto {
  return {
    configured: !!row,
    clientId: row?.clientId ?? null,
    clientSecretSet: !!row?.clientSecret,
    accountNumber: row?.accountNumber ?? null,
    environment: row?.environment ?? 'test',
    verifiedAt: row?.verifiedAt ? row.verifiedAt.toISOString() : null,
  };
}

export async function getUpsAccount(deps: ShippingDeps, shopId: number): Promise<UpsAccountDto> {
  return toDto(await findAccount(deps.db, shopId, 'ups'));
}

export async function saveUpsAccount(
  deps: ShippingDeps,
  shopId: number,
  body: UpsAccountBody,
): Promise<UpsAccountDto & { message: string }> {
  const before = await findAccount(deps.db, shopId, 'ups');
  const clientSecret = body.clientSecret ? deps.secrets.seal(body.clientSecret, secretContext(shopId)) : before?.clientSecret;
  if (!clientSecret) throw new HttpError(400, M.secretNeeded, 'clientSecret');
  const same =
    before &&
    !body.clientSecret &&
    before.clientId === body.clientId &&
    before.accountNumber === body.accountNumber &&
    before.environment === body.environment;
  const row = await upsertAccount(deps.db, {
    shopId,
    carrier: 'ups',
    clientId: body.clientId,
    clientSecret,
    accountNumber: body.accountNumber,
    environment: body.environment,
    // changed credentials are not known to work until tested again
    verifiedAt: same ? before.verifiedAt : null,
  });
  return { ...toDto(row), message: M.saved };
}

/** The shop's credentials, opened (server side only); 409 when none are stored or the secret does not open. */
export async function upsCredentials(
  deps: { db: ShippingDeps['db']; secrets: SecretBox },
  shopId: number,
): Promise<{ row: CarrierAccountRow; creds: CarrierCredentials }> {
  const row = await findAccount(deps.db, shopId, 'ups');
  const secret = row ? deps.secrets.open(row.clientSecret, secretContext(shopId)) : null;
  if (!row || !secret) throw new HttpError(409, M.notConfigured);
  return { row, creds: { clientId: row.clientId, clientSecret: secret, accountNumber: row.accountNumber, environment: row.environment } };
}

/** « Tester la connexion »: asks UPS for a token. The answer says whether it worked, in words (never a 5xx). */
export async function testUpsConnection(deps: ShippingDeps, shopId: number): Promise<{ ok: boolean; message: string }> {
  const { row, creds } = await upsCredentials(deps, shopId);
  try {
    await deps.carrierFor(creds).connect();
  } catch (err) {
    if (!(err instanceof CarrierError)) deps.logger.warn({ err }, 'ups connection test failed');
    await markVerified(deps.db, row.id, null);
    return { ok: false, message: carrierHttpError(err).message };
  }
  await markVerified(deps.db, row.id, new Date());
  return { ok: true, message: M.connected };
}
