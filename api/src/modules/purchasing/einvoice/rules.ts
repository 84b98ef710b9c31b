// EN 16931-1 business rules checked on a received invoice, with French messages citing each rule id. The mandatory
// elements (BR-01…BR-16, BR-21…BR-27, BR-CO-4, BR-CO-18, BR-CO-26), the decimals (BR-DEC-*), the arithmetic of the
// totals (BR-CO-10…BR-CO-16) and of the VAT breakdown per category and rate (BR-S-08/09 and their Z, E, AE, K, G, O
// twins, BR-CO-17), amounts compared to the cent. The official Schematron (tooling/validators/en16931-cii) agrees on
// the test files (supplier-invoices.test.ts runs it when Saxon is installed).
import type { SupplierInvoiceFinding } from 'shared-kernel/contracts';
import { formatCents, isValidSiren } from 'shared-kernel/domain';
import type { EInvoice } from './model';

export type RuleFinding = SupplierInvoiceFinding & { level: 'error' | 'warning' };

/** UNTDID 1001 invoice type codes EN 16931 accepts (BR-CL-01, code list of the CEN/TC 434 Schematron, common ones). */
const TYPE_CODES = new Set([
  '71', '80', '81', '82', '83', '84', '102', '130', '202', '203', '204', '211', '218', '219', '261', '262', '295', '296', '308',
  '325', '326', '331', '380', '381', '382', '383', '384', '385', '386', '387', '388', '389', '390', '393', '394', '395', '396',
  '420', '456', '457', '458', '527', '532', '553', '575', '623', '633', '751', '780', '817', '870', '875', '876', '877', '935',
]); // prettier-ignore

/** UNTDID 5305 VAT categories of EN 16931 (BR-CL-17/18). */
const VAT_CATEGORIES = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']);

const eur = (c: number) => formatCents(c);
const rateLabel = (r: number | null) => `${String(r ?? 0).replace('.', ',')} %`;

/** Half away from zero, at the cent (EN 16931 rounds each VAT amount to 2 decimals: BR-S-09, BR-CO-17). */
const roundCents = (x: number) => Math.sign(x) * Math.round(Math.abs(x) + 1e-9);

export function checkInvoice(inv: EInvoice): RuleFinding[] {
  const out: RuleFinding[] = [];
  const error = (rule: string, message: string) => out.push({ rule, message: `${rule} : ${message}`, level: 'error' });
  const need = (rule: string, present: unknown, what: string) => {
    if (present === null || present === undefined || present === '') error(rule, `${what} est obligatoire.`);
  };

  // ---------- mandatory elements (EN 16931-1 §6.4.1)
  need('BR-01', inv.specification, "L'identifiant de spécification (BT-24)");
  need('BR-02', inv.number, 'Le numéro de facture (BT-1)');
  if (inv.badDates.includes('BT-2')) error('BR-03', "La date d'émission (BT-2) n'est pas une date valide.");
  else need('BR-03', inv.issueDate, "La date d'émission (BT-2)");
  need('BR-04', inv.typeCode, 'Le code de type de facture (BT-3)');
  if (inv.typeCode && !TYPE_CODES.has(inv.typeCode))
    error('BR-CL-01', `Le code de type de facture (BT-3) « ${inv.typeCode} » n'est pas un code UNTDID 1001 admis.`);
  need('BR-05', inv.currency, 'Le code de devise de la facture (BT-5)');
  if (inv.currency && inv.currency !== 'EUR')
    out.push({ rule: 'BT-5', message: `BT-5 : la facture est en ${inv.currency} : ses montants ne sont pas en euros.`, level: 'warning' });
  need('BR-06', inv.seller.name, 'La raison sociale du vendeur (BT-27)');
  need('BR-07', inv.buyer.name, "Le nom de l'acheteur (BT-44)");
  need('BR-08', inv.seller.address, "L'adresse postale du vendeur (BG-5)");
  need('BR-09', inv.seller.address?.country, 'Le code pays du vendeur (BT-40)');
  need('BR-10', inv.buyer.address, "L'adresse postale de l'acheteur (BG-8)");
  need('BR-11', inv.buyer.address?.country, "Le code pays de l'acheteur (BT-55)");
  need('BR-12', inv.totals.lines, 'La somme des montants nets des lignes (BT-106)');
  need('BR-13', inv.totals.taxExclusive, 'Le montant total hors TVA (BT-109)');
  need('BR-14', inv.totals.taxInclusive, 'Le montant total TTC (BT-112)');
  need('BR-15', inv.totals.due, 'Le montant à payer (BT-115)');
  if (!inv.lines.length) error('BR-16', 'La facture doit comporter au moins une ligne (BG-25).');
  if (inv.badDates.includes('BT-9')) error('BT-9', "La date d'échéance (BT-9) n'est pas une date valide.");
  if (!inv.seller.siren && !inv.seller.siret && !inv.seller.vatNumber)
    error(
      'BR-CO-26',
      'Le vendeur doit être identifié par un identifiant (BT-29), une immatriculation (BT-30) ou un numéro de TVA (BT-31).',
    );
  if (inv.seller.siren && !isValidSiren(inv.seller.siren))
    out.push({
      rule: 'BT-30',
      message: `BT-30 : le SIREN du vendeur ${inv.seller.siren} est invalide (clé de contrôle).`,
      level: 'warning',
    });

  inv.lines.forEach((l, i) => {
    const n = `ligne ${i + 1}`;
    need('BR-21', l.id, `L'identifiant de la ${n} (BT-126)`);
    need('BR-22', l.quantity, `La quantité facturée de la ${n} (BT-129)`);
    need('BR-23', l.unitCode, `L'unité de mesure de la ${n} (BT-130)`);
    need('BR-24', l.netAmount, `Le montant net de la ${n} (BT-131)`);
    need('BR-25', l.name, `Le nom de l'article de la ${n} (BT-153)`);
    need('BR-26', l.netPrice, `Le prix net de la ${n} (BT-146)`);
    if (l.netPrice !== null && l.netPrice < 0) error('BR-27', `Le prix net de la ${n} (BT-146) ne peut pas être négatif.`);
    if (!l.vatCategory) error('BR-CO-4', `La catégorie de TVA de la ${n} (BT-151) est obligatoire.`);
    else if (!VAT_CATEGORIES.has(l.vatCategory)) error('BR-CL-18', `La catégorie de TVA « ${l.vatCategory} » de la ${n} n'existe pas.`);
  });
  if (!inv.vat.length) error('BR-CO-18', 'La facture doit comporter au moins un récapitulatif de TVA (BG-23).');
  for (const d of inv.decimalIssues) error(d.rule, `Le montant ${d.term} « ${d.value} » a plus de deux décimales.`);

  // ---------- arithmetic (EN 16931-1 §6.4.3, to the cent)
  const t = inv.totals;
  const sum = (xs: Array<number | null>) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
  const allowances = inv.allowanceCharges.filter((a) => !a.charge);
  const charges = inv.allowanceCharges.filter((a) => a.charge);
  const linesSum = sum(inv.lines.map((l) => l.netAmount));
  if (t.lines !== null && t.lines !== linesSum)
    error('BR-CO-10', `La somme des montants nets des lignes (BT-106) ${eur(t.lines)} devrait valoir ${eur(linesSum)}.`);
  const allowSum = sum(allowances.map((a) => a.amount));
  const chargeSum = sum(charges.map((a) => a.amount));
  if ((t.allowances ?? 0) !== allowSum)
    error('BR-CO-11', `Le total des remises (BT-107) ${eur(t.allowances ?? 0)} devrait valoir ${eur(allowSum)}.`);
  if ((t.charges ?? 0) !== chargeSum)
    error('BR-CO-12', `Le total des frais (BT-108) ${eur(t.charges ?? 0)} devrait valoir ${eur(chargeSum)}.`);
  if (t.lines !== null && t.taxExclusive !== null) {
    const expected = t.lines - (t.allowances ?? 0) + (t.charges ?? 0);
    if (t.taxExclusive !== expected)
      error('BR-CO-13', `Le total HT (BT-109) ${eur(t.taxExclusive)} devrait valoir BT-106 − BT-107 + BT-108 = ${eur(expected)}.`);
  }
  const vatSum = sum(inv.vat.map((v) => v.vat));
  if ((t.vat ?? 0) !== vatSum)
    error('BR-CO-14', `Le total de TVA (BT-110) ${eur(t.vat ?? 0)} devrait valoir la somme des TVA par taux ${eur(vatSum)}.`);
  if (t.taxExclusive !== null && t.taxInclusive !== null) {
    const expected = t.taxExclusive + (t.vat ?? 0);
    if (t.taxInclusive !== expected)
      error('BR-CO-15', `Le total TTC (BT-112) ${eur(t.taxInclusive)} devrait valoir le total HT + la TVA = ${eur(expected)}.`);
  }
  if (t.taxInclusive !== null && t.due !== null) {
    const expected = t.taxInclusive - (t.prepaid ?? 0) + (t.rounding ?? 0);
    if (t.due !== expected)
      error('BR-CO-16', `Le montant à payer (BT-115) ${eur(t.due)} devrait valoir BT-112 − BT-113 + BT-114 = ${eur(expected)}.`);
  }
  if (t.due !== null && t.due > 0 && !inv.dueDate && !inv.paymentTerms)
    error('BR-CO-25', "Un montant à payer positif exige une date d'échéance (BT-9) ou des conditions de paiement (BT-20).");

  // ---------- VAT breakdown per category and rate (BR-S-08/09 and the same rules of the other categories)
  const key = (cat: string | null, rate: number | null) => `${cat ?? ''}|${cat === 'O' ? 0 : (rate ?? 0)}`;
  const bases = new Map<string, number>();
  const add = (cat: string | null, rate: number | null, x: number) => bases.set(key(cat, rate), (bases.get(key(cat, rate)) ?? 0) + x);
  for (const l of inv.lines) if (l.vatCategory) add(l.vatCategory, l.vatRate, l.netAmount ?? 0);
  for (const c of charges) if (c.vatCategory) add(c.vatCategory, c.vatRate, c.amount ?? 0);
  for (const a of allowances) if (a.vatCategory) add(a.vatCategory, a.vatRate, -(a.amount ?? 0));
  const declared = new Set(inv.vat.map((v) => key(v.category, v.rate)));
  for (const k of bases.keys()) {
    const [cat, rate] = k.split('|');
    if (!declared.has(k))
      error(`BR-${cat}-01`, `Aucun récapitulatif de TVA (BG-23) pour la catégorie ${cat} au taux de ${rateLabel(Number(rate))}.`);
  }
  for (const v of inv.vat) {
    const cat = v.category ?? '';
    const label = `catégorie ${cat} à ${rateLabel(v.rate)}`;
    if (!v.category) error('BR-48', 'La catégorie de TVA (BT-118) d’un récapitulatif est obligatoire.');
    if (v.base === null) error('BR-45', `La base d'imposition (BT-116) de la ${label} est obligatoire.`);
    if (v.vat === null) error('BR-46', `Le montant de TVA (BT-117) de la ${label} est obligatoire.`);
    if (v.base === null || v.vat === null || !v.category) continue;
    const base = bases.get(key(v.category, v.rate)) ?? 0;
    if (v.base !== base)
      error(
        `BR-${cat}-08`,
        `La base HT de la ${label} (BT-116) ${eur(v.base)} devrait valoir la somme de ses lignes, frais et remises ${eur(base)}.`,
      );
    const expected = cat === 'S' || cat === 'L' || cat === 'M' ? roundCents((v.base * (v.rate ?? 0)) / 100) : 0;
    const rule = cat === 'S' ? 'BR-S-09' : cat === 'L' || cat === 'M' ? 'BR-CO-17' : `BR-${cat}-09`;
    // the official Schematron (1.3.16) tolerates less than one currency unit: VAT computed line by line then summed
    // differs from VAT computed on the base by a few cents, and is still lawful; a cent's difference is only a warning
    const gap = Math.abs(Math.abs(v.vat) - Math.abs(expected));
    if (gap >= 100) {
      error(rule, `La TVA de la ${label} (BT-117) ${eur(v.vat)} devrait valoir ${eur(expected)}.`);
      // the general rule of every category says the same (the Schematron reports both)
      if (rule !== 'BR-CO-17') error('BR-CO-17', `La TVA de la ${label} (BT-117) doit valoir la base (BT-116) × le taux (BT-119).`);
    } else if (gap > 0)
      out.push({
        rule,
        message: `${rule} : la TVA de la ${label} (BT-117) ${eur(v.vat)} diffère de ${eur(gap)} de la base × taux arrondie au centime (${eur(expected)}).`,
        level: 'warning',
      });
  }
  return out;
}

/**
 * The buyer (BG-7) must be this shop: its SIREN (BT-47) or VAT number (BT-48) against the shop's billing identity. A
 * different identity refuses the file; no identity on either side is a warning (the owner checks by hand).
 */
export function checkBuyer(inv: EInvoice, shop: { siren: string | null; vatNumber: string | null } | null): RuleFinding[] {
  const b = inv.buyer;
  if (!shop || (!shop.siren && !shop.vatNumber))
    return [{ rule: 'ACHETEUR', message: "ACHETEUR : l'identité de facturation de la boutique n'est pas renseignée : vérifiez que la facture vous est bien adressée.", level: 'warning' }]; // prettier-ignore
  if (!b.siren && !b.vatNumber)
    return [{ rule: 'ACHETEUR', message: "ACHETEUR : la facture n'identifie pas l'acheteur (ni SIREN BT-47, ni numéro de TVA BT-48) : vérifiez qu'elle vous est bien adressée.", level: 'warning' }]; // prettier-ignore
  const sameSiren = !!b.siren && !!shop.siren && b.siren === shop.siren;
  const sameVat = !!b.vatNumber && !!shop.vatNumber && b.vatNumber.replace(/\s/g, '').toUpperCase() === shop.vatNumber;
  if (sameSiren || sameVat) return [];
  const named = [b.siren && `SIREN ${b.siren}`, b.vatNumber && `TVA ${b.vatNumber}`].filter(Boolean).join(', ');
  return [
    {
      rule: 'ACHETEUR',
      message: `ACHETEUR : cette facture est adressée à un autre acheteur (${named}) que votre boutique.`,
      level: 'error',
    },
  ];
}
