import type { CheckoutPaymentMethod } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { formatIban, isValidIban } from './iban';
import type { IntentKind } from './providers/provider';

/** What the payer reads next to a payment: offline methods (how to pay the seller), sandbox test data. */

type Lang = 'fr' | 'en';

const enEuros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const money = (cents: number, lang: Lang) => (lang === 'en' ? enEuros.format(cents / 100) : formatCents(cents));

/** Where a transfer goes: the IBAN (grouped by 4), and when known the BIC and the account holder. */
export interface BankDetails {
  iban: string;
  bic: string | null;
  holder: string | null;
}

/** The shop's default IBAN from settings.banks ([{ rib, default }], spec §3), when it has a valid one. */
export function shopIban(settings: Record<string, unknown> | null | undefined): string | null {
  const banks = Array.isArray(settings?.banks) ? (settings!.banks as Array<{ rib?: unknown; iban?: unknown; default?: unknown }>) : [];
  const bank = banks.find((b) => b?.default) ?? banks[0];
  const iban = typeof bank?.iban === 'string' ? bank.iban : typeof bank?.rib === 'string' ? bank.rib : null;
  return iban && isValidIban(iban) ? formatIban(iban) : null;
}

/**
 * The account the checkout's transfer instructions show: the default account of the billing settings (the one the
 * owner keeps up to date on Facturation › « Comptes bancaires », also printed on invoices), else the spec's
 * `settings.banks` of the shop.
 */
export function transferBank(
  billing: { iban: string; bic: string | null; holder: string | null } | null,
  shopSettings: Record<string, unknown> | null | undefined,
): BankDetails | null {
  if (billing && isValidIban(billing.iban)) {
    return { iban: formatIban(billing.iban), bic: billing.bic?.replace(/\s/g, '').toUpperCase() || null, holder: billing.holder };
  }
  const iban = shopIban(shopSettings);
  return iban ? { iban, bic: null, holder: null } : null;
}

function bankLine(bank: BankDetails, lang: Lang): string {
  const parts = [`IBAN${lang === 'en' ? ':' : ' :'} ${bank.iban}`];
  if (bank.bic) parts.push(`BIC${lang === 'en' ? ':' : ' :'} ${bank.bic}`);
  if (bank.holder) parts.push(lang === 'en' ? `Account holder: ${bank.holder}` : `Titulaire : ${bank.holder}`);
  return `${parts.join(' · ')}.`;
}

/** A shop's own text (blank → none). */
const ownText = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

export interface OfflineInstructionsInput {
  amountCents: number;
  shopName: string;
  reference: string;
  bank: BankDetails | null;
  /**
   * the shop's own instructions for this method (to whose order, where to send a cheque), shown instead of the
   * generic sentence; the amount, the reference and the bank details are added to them
   */
  shopText?: string | null;
  lang: Lang;
}

/** Lines joined by newlines: the confirmation shows them as lines (pre-line). */
export function offlineInstructions(
  method: Exclude<CheckoutPaymentMethod, 'stripe' | 'stripeSepa' | 'imprint'>,
  p: OfflineInstructionsInput,
): string {
  const amount = money(p.amountCents, p.lang);
  const en = p.lang === 'en';
  const own = method === 'transfer' || method === 'check' ? ownText(p.shopText) : null;
  if (method === 'transfer') {
    const bank = p.bank ? bankLine(p.bank, p.lang) : null;
    if (own) {
      const due = en ? `Amount: ${amount} · Reference: ${p.reference}.` : `Montant : ${amount} · Référence : ${p.reference}.`;
      return [own, due, bank].filter(Boolean).join('\n');
    }
    const lead = en
      ? `Make a bank transfer of ${amount} to ${p.shopName} quoting the reference ${p.reference}.`
      : `Effectuez un virement de ${amount} à l'ordre de ${p.shopName} en indiquant la référence ${p.reference}.`;
    const rest =
      bank ?? (en ? `${p.shopName} will send you its bank details.` : `${p.shopName} vous communiquera ses coordonnées bancaires.`);
    return `${lead}\n${rest}`;
  }
  if (method === 'check') {
    if (own) {
      const due = en
        ? `Amount: ${amount} · Reference to write on the back: ${p.reference}.`
        : `Montant : ${amount} · Référence à indiquer au dos : ${p.reference}.`;
      return `${own}\n${due}`;
    }
    return en
      ? `Send a cheque of ${amount} payable to ${p.shopName}, with the reference ${p.reference} written on the back.`
      : `Envoyez un chèque de ${amount} à l'ordre de ${p.shopName} en indiquant au dos la référence ${p.reference}.`;
  }
  if (method === 'cash') {
    return en
      ? `Pay ${amount} in cash to ${p.shopName} at pick-up or delivery, quoting the reference ${p.reference}.`
      : `Réglez ${amount} en espèces à ${p.shopName} au retrait ou à la livraison, en rappelant la référence ${p.reference}.`;
  }
  return en
    ? `${p.shopName} will send you a bill of exchange of ${amount} (reference ${p.reference}) to accept and return.`
    : `${p.shopName} vous adressera une lettre de change de ${amount} (référence ${p.reference}) à accepter et retourner.`;
}

/** Test data shown only with the local sandbox (no real money moves). */
export function sandboxInstructions(kind: IntentKind, lang: Lang): string {
  if (lang === 'en') {
    if (kind === 'sepa')
      return 'Test mode (no real debit). IBAN FR14 2004 1010 0505 0001 3M02 606 → paid; FR84 2004 1010 0505 0001 3M02 606 → failed.';
    return (
      'Test mode (no real debit)' +
      (kind === 'imprint' ? ', 0 € now, charged once the order is validated' : '') +
      '. Cards: 4242 4242 4242 4242 → accepted; 4000 0000 0000 3220 → 3-D Secure; 4000 0000 0000 0002 → declined. Any future expiry date (MM/YY) and any 3-digit CVV.'
    );
  }
  if (kind === 'sepa')
    return 'Mode test (aucun débit réel). IBAN FR14 2004 1010 0505 0001 3M02 606 → payé ; FR84 2004 1010 0505 0001 3M02 606 → refusé.';
  return (
    'Mode test (aucun débit réel)' +
    (kind === 'imprint' ? ', 0 € maintenant, débit après validation de la commande' : '') +
    ". Cartes : 4242 4242 4242 4242 → acceptée ; 4000 0000 0000 3220 → 3-D Secure ; 4000 0000 0000 0002 → refusée. Date d'expiration future (MM/AA) et CVV à 3 chiffres quelconques."
  );
}
