/**
 * What a sales document is made of from an order: its buyer (the client file, or the order's own snapshot, with the
 * address the order was delivered to), the check that a professional buyer is identified, and its lines.
 */
import type { InvoiceLine, Party } from 'shared-kernel/contracts';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { isValidSiren, isValidSiret, isValidVatNumber } from 'shared-kernel/domain';
import { HttpError } from '../../platform/errors';
import { clientName, type CrmClientRow } from '../clients';
import type { OrderLineRow, OrderRow } from '../orders';

type CrmAddress = {
  kind?: string;
  isDefault?: boolean;
  street?: string | null;
  streetNumber?: string | null;
  street2?: string | null;
  zipcode?: string | null;
  city?: string | null;
  country?: string | null;
};

const partyAddress = (a: CrmAddress): NonNullable<Party['address']> => ({
  street: [a.streetNumber, a.street].filter(Boolean).join(' '),
  street2: a.street2 ?? null,
  zipcode: a.zipcode ?? '',
  city: a.city ?? '',
  country: (a.country ?? 'FR').toUpperCase().slice(0, 2),
});

export function clientParty(c: CrmClientRow): Party {
  const addresses = (c.addresses ?? []) as CrmAddress[];
  const a =
    addresses.find((x) => x.kind === 'billing' && x.isDefault) ??
    addresses.find((x) => x.kind === 'billing') ??
    addresses.find((x) => x.kind === 'delivery' && x.isDefault) ??
    addresses[0];
  const pro = c.kind === 'professional';
  return {
    name: clientName(c),
    legalForm: null,
    capital: null,
    siret: pro ? c.siret : null,
    siren: pro && c.siret ? c.siret.slice(0, 9) : null,
    rcs: null,
    vatNumber: pro ? c.vatNumber : null,
    exciseNumber: null,
    address: a ? partyAddress(a) : null,
    email: c.email,
    phone: c.phone ?? c.mobile,
    isPro: pro,
  };
}

/** The buyer of a checkout order without a client file: the order's own snapshot. */
export function orderParty(o: OrderRow): Party {
  const a = o.billingAddress ?? o.deliveryAddress;
  return {
    name: a?.company || o.buyerName,
    legalForm: null,
    capital: null,
    siret: null,
    siren: null,
    rcs: null,
    vatNumber: null,
    exciseNumber: null,
    address: a ? { street: a.street, street2: a.street2 ?? null, zipcode: a.zipcode, city: a.city, country: a.country } : null,
    email: o.buyerEmail,
    phone: o.phone,
    isPro: false,
  };
}

/** The client's address an order is delivered to: the one chosen (its index), else its default delivery address. */
export function clientDeliveryAddress(c: CrmClientRow, index: number | null | undefined): Party['address'] {
  const all = (c.addresses ?? []) as CrmAddress[];
  const delivery = all.filter((a) => a.kind === 'delivery');
  const a = (index != null ? all[index] : undefined) ?? delivery.find((x) => x.isDefault) ?? delivery[0];
  return a?.street?.trim() ? partyAddress(a) : null;
}

/**
 * The buyer of a document issued for an order: the client file (or the order's own snapshot) and, frozen with it, the
 * address the order was delivered to (printed when it is not the billing address, a mention the e-invoicing reform
 * adds: CGI ann. II art. 242 nonies A as amended by décret 2022-1299; BG-15 in the Factur-X).
 */
export function buyerOfOrder(o: OrderRow, client: CrmClientRow | undefined): Party {
  const party = client ? clientParty(client) : orderParty(o);
  const d = o.deliveryAddress;
  if (!d?.street?.trim()) return party;
  return {
    ...party,
    deliveryAddress: { street: d.street, street2: d.street2 ?? null, zipcode: d.zipcode, city: d.city, country: d.country },
  };
}

/**
 * A professional buyer is identified on every invoice (CGI ann. II art. 242 nonies A, I-1° as amended by décret
 * 2022-1299: the client's SIREN; BR-FR-11 rejects a B2B e-invoice without a valid BT-47): one established in France by
 * a SIREN passing its Luhn key, one of another EU state by its intra-community VAT number instead. Checked before the
 * number is taken, so a refused invoice consumes none (the series stays gapless). Buyers outside the EU have neither.
 */
export function assertBuyerIdentified(buyer: Party): void {
  if (!buyer.isPro) return;
  const siren = buyer.siren?.replace(/\s/g, '') || (buyer.siret ? buyer.siret.replace(/[\s.-]/g, '').slice(0, 9) : '');
  const sirenOk = (!buyer.siret || isValidSiret(buyer.siret)) && isValidSiren(siren);
  if (sirenOk) return;
  const vat = buyer.vatNumber?.replace(/\s/g, '').toUpperCase() ?? '';
  const vatCountry = vat ? (vat.startsWith('EL') ? 'GR' : vat.slice(0, 2)) : null;
  const country = buyer.address?.country?.trim().toUpperCase().slice(0, 2) || vatCountry || 'FR';
  if (country === 'FR' || country === 'MC') throw new HttpError(422, M.buyerSirenRequired, 'siret');
  if (!EU_VAT_COUNTRIES.has(country)) return;
  if (!vat || !isValidVatNumber(vat) || vatCountry === 'FR') throw new HttpError(422, M.buyerVatNumberRequired, 'vatNumber');
}

/** EU member states other than France (their professionals have an intra-community VAT number, not a SIREN). */
const EU_VAT_COUNTRIES = new Set('AT BE BG CY CZ DE DK EE ES FI GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** The lines of a sales document (invoice, quote) from the order's lines. */
export function documentLinesOf(lines: OrderLineRow[]): InvoiceLine[] {
  return lines
    .filter((l) => l.kind !== 'reservation' || l.totalHT !== 0)
    .map((l) => ({
      label: l.label,
      details: l.details,
      quantity: l.quantity,
      unitPriceHT: l.unitPriceHT,
      discountHT: l.discountHT + l.promoAmount,
      duties: l.duties,
      vatRate: l.vatRate,
      totalHT: l.totalHT,
      accountingType:
        l.accountingType ??
        (l.kind === 'shipping' ? 'shipping' : l.kind === 'touristTax' ? 'touristTax' : l.kind === 'reservation' ? 'prestation' : 'product'),
      formatId: l.formatId,
    }));
}
