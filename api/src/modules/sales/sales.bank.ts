import { eq } from 'drizzle-orm';
import type { BillingSettings } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { billingSettings } from './sales.tables';

type BankAccount = BillingSettings['banks'][number];

/** The account documents print: the one marked « Compte par défaut », else the first. */
export function defaultBankOf(billing: Pick<BillingSettings, 'banks'> | null | undefined): BankAccount | null {
  const banks = billing?.banks ?? [];
  return banks.find((b) => b.isDefault) ?? banks[0] ?? null;
}

/**
 * The default account of Facturation › « Comptes bancaires », with its holder (the billing company name), for other
 * modules that tell a payer where to send a transfer. Null when no account is saved.
 */
export async function billingBankOf(
  dbx: DbOrTx,
  shopId: number,
): Promise<{ iban: string; bic: string; holder: string | null; label: string } | null> {
  const [row] = await dbx.select({ data: billingSettings.data }).from(billingSettings).where(eq(billingSettings.shopId, shopId)).limit(1);
  const bank = defaultBankOf(row?.data);
  if (!bank) return null;
  return { iban: bank.iban, bic: bank.bic, holder: row?.data.companyName?.trim() || null, label: bank.label };
}
