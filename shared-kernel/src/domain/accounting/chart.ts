/**
 * The chart of accounts of a shop's pre-accounting: the account each kind of amount posts to, with French
 * defaults from the Plan comptable général (PCG, règlement ANC 2014-03): class 4 third parties (411 clients, 4191
 * deposits received, 44571 collected VAT, 447 other taxes), class 5 cash (511 to cash in, 512 bank, 530 till),
 * class 6/7 charges and income (7071 wine sales, 707 goods, 706 services, 7085 shipping charged, 709 discounts).
 * Every number is the shop's to change; `accountProblem` checks what the FEC requires of it (A47 A-1 LPF: "the
 * number of the account, whose first three characters are digits following the French chart").
 */
import type { ACCOUNTING_PRODUCT_TYPES } from '../reference/tax';

export type AccountingProductType = (typeof ACCOUNTING_PRODUCT_TYPES)[number]['value'];

/** The payment methods of the sales documents (contract sales.ts SALES_PAYMENT_METHODS) and of the till. */
export type PaymentAccountMethod =
  'transfer' | 'card' | 'cheque' | 'cash' | 'billOfExchange' | 'directDebit' | 'providerCard' | 'paypal' | 'creditNote' | 'other';

export interface ChartOfAccounts {
  /** income (or charge, for what is given) per accounting product type */
  products: Record<AccountingProductType, string>;
  /** collected VAT per rate, keyed by the rate in % with an underscore for the decimal point ('20', '5_5', '2_1'), as the
   * §3 VAT types write it (fr5_5): a key without a dot, which form libraries would read as a path */
  vat: Record<string, string>;
  /** excise duties invoiced and owed to customs */
  duties: string;
  /** deposits received on orders (the deposit invoice's HT waits here until the final invoice) */
  deposits: string;
  /** where each payment method lands (bank, cheques to cash in, till…) */
  payments: Record<PaymentAccountMethod, string>;
  /** clients: one collective account, or the prefix of one auxiliary account per client (prefix + client code) */
  clients: { mode: 'auxiliary' | 'collective'; collective: string; prefix: string };
  /** the anonymous client of the counter sales (cash register) */
  counterSalesClient: string;
  /** §3 accounting types */
  other: { tax: string; minusGap: string; plusGap: string; profit: string; loss: string; escompte: string };
  /** income accounts of a product or of a range (products.gamme) over its accounting type's: a product's first */
  overrides: AccountOverride[];
  /** received supplier invoices (purchase journal HA): the expense (607 Achats de marchandises: the invoices received do
   * not tell goods from services in a way posting could rely on), the deductible VAT (one line per rate), the
   * suppliers' collective account (each supplier an auxiliary account), the advances paid to suppliers */
  purchases: { goods: string; vat: string; suppliers: string; prepayments: string };
  /** the year's result carried by the opening entry (PCG art. 941-12: 120 profit, 129 loss) */
  result: { profit: string; loss: string };
}

export interface AccountOverride {
  scope: 'product' | 'range';
  /** the product's id, or the range's name */
  key: string;
  /** what the screen shows (the product's name, the range) */
  label: string;
  account: string;
}

/** The account an override gives a line of `productId` in range `gamme`, if any (a product's before its range's). */
export function overrideAccount(chart: ChartOfAccounts, productId: number | null, gamme: string | null): string | null {
  const list = chart.overrides ?? [];
  const byProduct = productId != null ? list.find((o) => o.scope === 'product' && o.key === String(productId)) : undefined;
  if (byProduct) return byProduct.account;
  const g = gamme?.trim().toLowerCase();
  return (g && list.find((o) => o.scope === 'range' && o.key.trim().toLowerCase() === g)?.account) || null;
}

export const DEFAULT_CHART: Readonly<ChartOfAccounts> = Object.freeze({
  products: {
    product: '7071',
    marchandise: '707',
    productTasting: '7072',
    box: '7073',
    productSample: '6234',
    productGift: '6234',
    prestation: '706',
    shipping: '7085',
    discount: '709',
    touristTax: '4686',
    dryMatter: '7088',
  },
  vat: { '20': '445712', '10': '445711', '5_5': '445713', '2_1': '445714', '0': '445710' },
  duties: '4471',
  deposits: '4191',
  payments: {
    transfer: '512',
    card: '512',
    cheque: '5112',
    cash: '530',
    billOfExchange: '413',
    directDebit: '512',
    providerCard: '512',
    paypal: '512',
    creditNote: '411',
    other: '512',
  },
  clients: { mode: 'collective' as const, collective: '411', prefix: '411' },
  counterSalesClient: '411CAISSE',
  other: { tax: '635', minusGap: '658', plusGap: '758', profit: '7788', loss: '6788', escompte: '665' },
  overrides: [],
  purchases: { goods: '607000', vat: '445660', suppliers: '401000', prepayments: '409100' },
  result: { profit: '120000', loss: '129000' },
});

/** The labels of the accounts the defaults use (CompteLib of the FEC when the shop has not named them). */
export const DEFAULT_ACCOUNT_LABELS: Readonly<Record<string, string>> = Object.freeze({
  '7071': 'Ventes de vins',
  '707': 'Ventes de marchandises',
  '7072': 'Ventes de dégustations',
  '7073': 'Ventes de coffrets',
  '6234': 'Cadeaux et échantillons',
  '706': 'Prestations de services',
  '7085': 'Ports et frais accessoires facturés',
  '709': 'Rabais, remises et ristournes accordés',
  '4686': 'Taxe de séjour collectée',
  '7088': 'Autres produits d’activités annexes',
  '445712': 'TVA collectée 20 %',
  '445711': 'TVA collectée 10 %',
  '445713': 'TVA collectée 5,5 %',
  '445714': 'TVA collectée 2,1 %',
  '445710': 'TVA collectée (exonérations)',
  '4471': 'Droits d’accises',
  '4191': 'Clients – avances et acomptes reçus',
  '512': 'Banque',
  '5112': 'Chèques à encaisser',
  '530': 'Caisse',
  '413': 'Clients – effets à recevoir',
  '411': 'Clients',
  '411CAISSE': 'Clients – ventes au comptoir',
  '635': 'Autres impôts et taxes',
  '658': 'Charges diverses (écarts)',
  '758': 'Produits divers (écarts)',
  '7788': 'Produits exceptionnels divers',
  '6788': 'Charges exceptionnelles diverses',
  '665': 'Escomptes accordés',
  '607000': 'Achats de marchandises',
  '445660': 'TVA déductible sur autres biens et services',
  '401000': 'Fournisseurs',
  '409100': 'Fournisseurs – avances et acomptes versés sur commandes',
  '120000': 'Résultat de l’exercice (bénéfice)',
  '129000': 'Résultat de l’exercice (perte)',
});

/** An account number: digits, optionally followed by letters or digits; its first character a PCG class (1 to 8). */
export function accountProblem(account: string): string | null {
  const a = account.trim();
  if (!a) return 'Ce champ ne peut pas être vide';
  if (a.length > 20) return 'Un numéro de compte a au plus 20 caractères';
  if (!/^[1-8]/.test(a)) return 'Un numéro de compte commence par le chiffre de sa classe (1 à 8)';
  if (!/^\d{3}/.test(a)) return 'Les trois premiers caractères d’un numéro de compte sont des chiffres';
  if (!/^[0-9A-Z]+$/.test(a)) return 'Chiffres et lettres majuscules uniquement';
  return null;
}

/** The key of a VAT rate in `vat` ('20', '5_5'). */
export const vatKey = (rate: number): string => String(Math.round(rate * 100) / 100).replace('.', '_');

/** The account of a VAT rate (an unknown rate posts to the generic collected VAT account 44571). */
export const vatAccount = (chart: ChartOfAccounts, rate: number): string => chart.vat[vatKey(rate)] ?? '44571';

/** The deductible VAT account of a purchase (445660 TVA déductible sur autres biens et services, every rate). */
export const deductibleVatAccount = (chart: ChartOfAccounts, _rate: number): string => chart.purchases.vat;

/** The PCG class of an account (its first digit). */
export const accountClass = (account: string): number => Number(account.trim().charAt(0));

/** A balance-sheet account (PCG classes 1 to 5): its balance is carried over to the next fiscal year. */
export const isBalanceSheetAccount = (account: string): boolean => {
  const c = accountClass(account);
  return c >= 1 && c <= 5;
};

/** The client's account: the collective one, or the prefix and the client's code (auxiliary accounts). */
export function clientAccount(
  chart: ChartOfAccounts,
  clientCode: string | null | undefined,
): { account: string; auxiliary: string | null } {
  if (chart.clients.mode === 'collective' || !clientCode) return { account: chart.clients.collective, auxiliary: clientCode ?? null };
  const code = clientCode.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return { account: `${chart.clients.prefix}${code}`.slice(0, 20), auxiliary: clientCode };
}
