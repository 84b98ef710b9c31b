/**
 * The monthly summary declaration (DRM, déclaration récapitulative mensuelle) of a bonded warehouse — pure assembly of
 * the SQL aggregates (excise.repository.ts).
 *
 * Law (Code général des impôts):
 *  - art. 302 G: the entrepositaire agréé produces, holds and ships alcohol under suspended duty in a bonded warehouse
 *    (our warehouses.duty_status = 'suspended'); duty-paid stock (droits acquittés) is out of the DRM.
 *  - art. 302 D: duties become due on release for consumption (mise à la consommation) — a sale, a tasting or a
 *    transfer to a duty-paid warehouse in France, any exit out of the suspension regime.
 *  - art. 302 M: the entrepositaire agréé keeps a stock account (comptabilité matières) of entries and exits and files
 *    each month the summary declaration of the previous month: opening stock, entries, exits released for
 *    consumption (droits acquittés), exits under suspension or exempt (export, intra-EU shipment, other bonded
 *    warehouse, samples, losses and breakage duly noted), closing stock = opening + entries − exits, and the duties due.
 *    Volumes are declared in hectolitres per category of product (excise code, kind, colour, appellation / label).
 *  - Rates: art. 438 (wines, cider: per hl), 403 (spirits: per hl of pure alcohol), 520 A (beer: per hl and degree),
 *    and the cotisation sécurité sociale of code de la sécurité sociale art. L245-7 (drinks > 18 % vol.) — the same
 *    vintage data (legal.da by legal.typeDA, legal.css, legal.customTaxAmountPerHL) and the same formula
 *    (shared-kernel exciseDuties) as the price engine's duties.
 *
 * Choices (the brief's table): negative inventory differences (manquants) are declared as exits without duty; a
 * transfer whose destination is unknown counts as a transfer under suspension (and is reported as an anomaly).
 *
 * Volumes are summed in integer millilitres (Σ quantity × unit ml, the catalogue's volume: 37,5 cl = 375 ml) and only
 * turned into the contract's centilitres at the end (ml / 10: one decimal at most, 37.5). The customs' DRM
 * (CIEL, schema of the DRM XML "contrat de service avec les interprofessions", types volumeType / volumeStockType:
 * github.com/24eme/mutualisation-douane webservice-douanes/DRMXML/contrat_de_service_interpro.xsd) takes hectolitres
 * with 5 decimals ("nombre décimal à 5 chiffres après la virgule"): 1 ml = 0,00001 hl, so the figures are declared
 * exactly, never rounded (clToHl of the contracts).
 */
import {
  DRM_ENTRY_LINES,
  DRM_FREE_LINES,
  DRM_PAID_LINES,
  type DrmAnomaly,
  type DrmCategory,
  type DrmDetailMovement,
  type DrmDuties,
  type DrmEntryLine,
  type DrmFigures,
  type DrmFreeLine,
  type DrmLine,
  type DrmPaidLine,
} from 'shared-kernel/contracts';
import { exciseDuties, toCents, type ExciseLegal } from 'shared-kernel/domain';

export interface CategoryFields {
  exciseCode: string | null;
  productType: string | null;
  color: string | null;
  label: string;
  appellation: string | null;
}

export interface GroupInput extends CategoryFields {
  vintageId: number | null;
  legal: Record<string, unknown> | null;
  alcohol: number | null;
  line: string;
  /** Σ quantity × unit ml (signed) */
  ml: number;
}

/** Exact centilitres of a volume in millilitres (375 ml → 37.5 cl): what the contract's *Cl fields carry. */
export const mlToCl = (ml: number): number => ml / 10;
/** Millilitres of a contract centilitre figure (37.5 → 375), exact for any figure made by mlToCl or whole cl. */
export const clToMl = (cl: number): number => Math.round(cl * 10);

export const categoryKey = (c: CategoryFields) =>
  [c.exciseCode ?? '', c.productType ?? '', c.color ?? '', c.label, c.appellation ?? ''].join('|');

const zeroLines = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const noDuties = (): DrmDuties => ({ exciseCents: 0, cssCents: 0, totalCents: 0 });

/** The figures with every volume (not the duties) passed through `fn`: ml ↔ cl. */
function mapVolumes(f: DrmFigures, fn: (v: number) => number): DrmFigures {
  const lines = <K extends string>(r: Record<K, number>) =>
    Object.fromEntries(Object.entries<number>(r).map(([k, v]) => [k, fn(v)])) as Record<K, number>;
  return {
    openingCl: fn(f.openingCl),
    entries: lines(f.entries),
    entriesCl: fn(f.entriesCl),
    exitsPaid: lines(f.exitsPaid),
    exitsPaidCl: fn(f.exitsPaidCl),
    exitsFree: lines(f.exitsFree),
    exitsFreeCl: fn(f.exitsFreeCl),
    closingCl: fn(f.closingCl),
    duties: f.duties,
  };
}

export function emptyFigures(openingCl = 0): DrmFigures {
  return {
    openingCl,
    entries: zeroLines(DRM_ENTRY_LINES),
    entriesCl: 0,
    exitsPaid: zeroLines(DRM_PAID_LINES),
    exitsPaidCl: 0,
    exitsFree: zeroLines(DRM_FREE_LINES),
    exitsFreeCl: 0,
    closingCl: openingCl,
    duties: noDuties(),
  };
}

const isEntry = (l: string): l is DrmEntryLine => (DRM_ENTRY_LINES as readonly string[]).includes(l);
const isPaid = (l: string): l is DrmPaidLine => (DRM_PAID_LINES as readonly string[]).includes(l);
const isFree = (l: string): l is DrmFreeLine => (DRM_FREE_LINES as readonly string[]).includes(l);
export const isDrmLine = (l: string): l is DrmLine => isEntry(l) || isPaid(l) || isFree(l);

/**
 * Duties due on `ml` millilitres released for consumption of one vintage, in cents: the price engine's own rule
 * (shared-kernel/domain exciseDuties: the excise on its typeDA base, the social security contribution per hl of pure
 * alcohol for spirits or per hl, the custom tax per hl), each rounded once to the cent; nothing when dutiesIncluded.
 */
export function dutiesOf(ml: number, legal: Record<string, unknown> | null, alcohol: number | null): DrmDuties {
  if (ml <= 0 || !legal) return noDuties();
  const { duties, contributions } = exciseDuties({ volumeHl: ml / 100000, legal: legal as ExciseLegal, abvPercent: Number(alcohol ?? 0) });
  const exciseCents = toCents(duties);
  const cssCents = toCents(contributions);
  return { exciseCents, cssCents, totalCents: exciseCents + cssCents };
}

function addDuties(a: DrmDuties, b: DrmDuties): DrmDuties {
  return { exciseCents: a.exciseCents + b.exciseCents, cssCents: a.cssCents + b.cssCents, totalCents: a.totalCents + b.totalCents };
}

/** Adds a month group (Σ signed quantity × ml of one line) to figures in ml: exits are stored positive. */
function addLine(f: DrmFigures, line: string, ml: number): void {
  if (isEntry(line)) {
    f.entries[line] += ml;
    f.entriesCl += ml;
  } else if (isPaid(line)) {
    f.exitsPaid[line] -= ml;
    f.exitsPaidCl -= ml;
  } else if (isFree(line)) {
    f.exitsFree[line] -= ml;
    f.exitsFreeCl -= ml;
  }
}

function close(f: DrmFigures): void {
  f.closingCl = f.openingCl + f.entriesCl - f.exitsPaidCl - f.exitsFreeCl;
}

/** The totals of figures in cl, summed in whole ml (37.5 + 0.5 cl never drifts in floating point). */
export function sumFigures(list: DrmFigures[]): DrmFigures {
  const t = emptyFigures();
  for (const f of list.map((x) => mapVolumes(x, clToMl))) {
    t.openingCl += f.openingCl;
    for (const k of DRM_ENTRY_LINES) t.entries[k] += f.entries[k];
    for (const k of DRM_PAID_LINES) t.exitsPaid[k] += f.exitsPaid[k];
    for (const k of DRM_FREE_LINES) t.exitsFree[k] += f.exitsFree[k];
    t.entriesCl += f.entriesCl;
    t.exitsPaidCl += f.exitsPaidCl;
    t.exitsFreeCl += f.exitsFreeCl;
    t.duties = addDuties(t.duties, f.duties);
  }
  close(t);
  return mapVolumes(t, mlToCl);
}

const sortKey = (c: DrmCategory) => `${c.exciseCode ?? '~'}|${c.productType ?? ''}|${c.color ?? ''}|${c.label}|${c.appellation ?? ''}`;

/**
 * The declaration's categories: opening stock in ml (per category key), then the month's groups per line; duties per
 * vintage on its duty-paid exits; closing = opening + entries − exits. Summed in ml, answered in cl (mlToCl).
 */
export function buildCategories(opening: Map<string, { fields: CategoryFields; ml: number }>, month: GroupInput[]): DrmCategory[] {
  const cats = new Map<string, DrmCategory>();
  const get = (fields: CategoryFields): DrmCategory => {
    const key = categoryKey(fields);
    let c = cats.get(key);
    if (!c) {
      c = { key, ...fields, ...emptyFigures() };
      cats.set(key, c);
    }
    return c;
  };
  for (const { fields, ml } of opening.values()) get(fields).openingCl += ml;
  const paidByVintage = new Map<string, { cat: DrmCategory; ml: number; legal: GroupInput['legal']; alcohol: number | null }>();
  for (const g of month) {
    const cat = get(g);
    addLine(cat, g.line, g.ml);
    if (isPaid(g.line)) {
      const k = `${cat.key}#${g.vintageId ?? 0}`;
      const cur = paidByVintage.get(k) ?? { cat, ml: 0, legal: g.legal, alcohol: g.alcohol };
      cur.ml -= g.ml;
      paidByVintage.set(k, cur);
    }
  }
  for (const { cat, ml, legal, alcohol } of paidByVintage.values()) cat.duties = addDuties(cat.duties, dutiesOf(ml, legal, alcohol));
  const out = [...cats.values()];
  for (const c of out) close(c);
  return out
    .filter((c) => c.openingCl !== 0 || c.entriesCl !== 0 || c.exitsPaidCl !== 0 || c.exitsFreeCl !== 0 || c.closingCl !== 0)
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)))
    .map((c) => ({ ...c, ...mapVolumes(c, mlToCl) }));
}

/** Anomaly messages (French). */
export const ANOMALY_MESSAGES = {
  noVolume: (n: number) =>
    `${n} mouvement${n > 1 ? 's' : ''} sur un format sans volume en litres : ${n > 1 ? 'ils ne sont pas comptés' : "il n'est pas compté"} (renseignez le volume du format)`,
  noExciseCode: (n: number) =>
    `${n} mouvement${n > 1 ? 's' : ''} d'un millésime sans code d'accise (W200, W300, S200…) : complétez les informations légales du produit`,
  unpairedTransfer: (n: number) =>
    `${n} transfert${n > 1 ? 's' : ''} sortant${n > 1 ? 's' : ''} sans entrée correspondante : ${n > 1 ? 'comptés' : 'compté'} en transfert en suspension`,
  negativeClosing: (title: string) =>
    `Stock de fin de mois négatif pour la catégorie ${title} : corrigez les mouvements (inventaire, entrées manquantes)`,
} as const;

export function categoryTitle(c: CategoryFields): string {
  return [c.exciseCode ?? 'Sans code', c.productType, c.color, c.label, c.appellation].filter(Boolean).join(' · ');
}

export function buildAnomalies(
  problems: Array<{ id: number; noVolume: boolean; noCode: boolean; unpaired: boolean }>,
  categories: DrmCategory[],
): DrmAnomaly[] {
  const out: DrmAnomaly[] = [];
  const ids = (pick: (p: (typeof problems)[number]) => boolean) => problems.filter(pick).map((p) => p.id);
  const noVolume = ids((p) => p.noVolume);
  if (noVolume.length)
    out.push({ code: 'noVolume', severity: 'error', message: ANOMALY_MESSAGES.noVolume(noVolume.length), movementIds: noVolume });
  const noCode = ids((p) => p.noCode && !p.noVolume);
  if (noCode.length)
    out.push({ code: 'noExciseCode', severity: 'error', message: ANOMALY_MESSAGES.noExciseCode(noCode.length), movementIds: noCode });
  const unpaired = ids((p) => p.unpaired && !p.noVolume);
  if (unpaired.length)
    out.push({
      code: 'unpairedTransfer',
      severity: 'warning',
      message: ANOMALY_MESSAGES.unpairedTransfer(unpaired.length),
      movementIds: unpaired,
    });
  for (const c of categories)
    if (c.closingCl < 0)
      out.push({
        code: 'negativeClosing',
        severity: 'error',
        message: ANOMALY_MESSAGES.negativeClosing(categoryTitle(c)),
        movementIds: [],
        categoryKey: c.key,
      });
  return out;
}

/** Groups the drill-down rows (volumes in ml) by category key, their volumes in cl as the contract has them. */
export function detailByCategory(
  rows: Array<CategoryFields & Omit<DrmDetailMovement, 'unitCl' | 'volumeCl'> & { unitMl: number | null; volumeMl: number }>,
): Map<string, DrmDetailMovement[]> {
  const out = new Map<string, DrmDetailMovement[]>();
  for (const r of rows) {
    const key = categoryKey(r);
    const list = out.get(key) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      quantity: r.quantity,
      unitCl: r.unitMl == null ? null : mlToCl(r.unitMl),
      volumeCl: mlToCl(r.volumeMl),
      line: r.line,
      occurredAt: r.occurredAt,
    });
    out.set(key, list);
  }
  return out;
}

// ---------------------------------------------------------------- months (Europe/Paris)

const PARIS_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

/** 'YYYY-MM' of a date in the Europe/Paris calendar. */
export function parisMonth(d: Date): string {
  const parts = PARIS_MONTH.formatToParts(d);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
}

/** 'YYYY-MM' shifted by `n` months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The last complete month (the one a DRM is filed for), Europe/Paris. */
export function lastCompleteMonth(now: Date = new Date()): string {
  return addMonths(parisMonth(now), -1);
}

const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${MONTHS_FR[m - 1]} ${y}`;
}
