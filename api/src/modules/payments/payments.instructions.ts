import type { CheckoutPaymentMethod } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { formatIban, isValidIban } from './iban';
import type { IntentKind } from './providers/provider';

/** What the payer reads next to a payment: offline methods (how to pay the seller), sandbox test data. */

type Lang = 'fr' | 'en';

const enEuros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const money = (cents: number, lang: Lang) => (lang === 'en' ? enEuros.format(cents / 100) : formatCents(cents));

/** The shop's default IBAN from settings.banks ([{ rib, default }], spec §3), when it has a valid one. */
export function shopIban(settings: Record<string, unknown> | null | undefined): string | null {
  const banks = Array.isArray(settings?.banks) ? (settings!.banks as Array<{ rib?: unknown; iban?: unknown; default?: unknown }>) : [];
  const bank = banks.find((b) => b?.default) ?? banks[0];
  const iban = typeof bank?.iban === 'string' ? bank.iban : typeof bank?.rib === 'string' ? bank.rib : null;
  return iban && isValidIban(iban) ? formatIban(iban) : null;
}

export function offlineInstructions(
  method: Exclude<CheckoutPaymentMethod, 'stripe' | 'stripeSepa' | 'imprint'>,
  p: { amountCents: number; shopName: string; reference: string; iban: string | null; lang: Lang },
): string {
  const amount = money(p.amountCents, p.lang);
  if (p.lang === 'en') {
    switch (method) {
      case 'transfer':
        return (
          `Make a bank transfer of ${amount} to ${p.shopName} quoting the reference ${p.reference}.` +
          (p.iban ? ` IBAN: ${p.iban}.` : ` ${p.shopName} will send you its bank details.`)
        );
      case 'check':
        return `Send a cheque of ${amount} payable to ${p.shopName}, with the reference ${p.reference} written on the back.`;
      case 'cash':
        return `Pay ${amount} in cash to ${p.shopName} at pick-up or delivery, quoting the reference ${p.reference}.`;
      case 'bill':
        return `${p.shopName} will send you a bill of exchange of ${amount} (reference ${p.reference}) to accept and return.`;
    }
  }
  switch (method) {
    case 'transfer':
      return (
        `Effectuez un virement de ${amount} à l'ordre de ${p.shopName} en indiquant la référence ${p.reference}.` +
        (p.iban ? ` IBAN : ${p.iban}.` : ` ${p.shopName} vous communiquera ses coordonnées bancaires.`)
      );
    case 'check':
      return `Envoyez un chèque de ${amount} à l'ordre de ${p.shopName} en indiquant au dos la référence ${p.reference}.`;
    case 'cash':
      return `Réglez ${amount} en espèces à ${p.shopName} au retrait ou à la livraison, en rappelant la référence ${p.reference}.`;
    case 'bill':
      return `${p.shopName} vous adressera une lettre de change de ${amount} (référence ${p.reference}) à accepter et retourner.`;
  }
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
