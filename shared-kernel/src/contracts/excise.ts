/** Api contract: CRD capsules and the monthly DRM. Shared by the api module and the mfe-stock screens. */

// ---------------------------------------------------------------- CRD capsules

/** A §3 carrier / CRD item (capsule représentative de droits) and its stock of capsules. */
export interface CrdColor {
  id: number;
  name: string;
  /** vert (AOP wines), bleu (other wines), lilas (spirits)… */
  color: string;
  /** capsule, bouchon, collerette… */
  type: string;
  isCRD: boolean;
  stock: number;
  archived: boolean;
  createdAt: string;
}

export interface CrdColorInput {
  name: string;
  color: string;
  type: string;
  isCRD: boolean;
  archived?: boolean;
  /** creation only: capsules already on hand (recorded as an adjustment) */
  initialStock?: number;
}

/** purchase: capsules bought (entry); bottling: consumed by a production entry; adjustment: inventory difference. */
export type CrdMovementKind = 'purchase' | 'bottling' | 'adjustment';

export interface CrdMovement {
  id: number;
  crdColorId: number;
  kind: CrdMovementKind;
  /** signed capsules: > 0 entry, < 0 consumption */
  quantity: number;
  stockMovementId: number | null;
  reason: string | null;
  occurredAt: string;
  userId: number | null;
}

/** A purchase adds `quantity` capsules; an adjustment sets the stock to the `counted` capsules. */
export type CrdMovementInput =
  | { kind: 'purchase'; quantity: number; reason?: string | null; occurredAt?: string }
  | { kind: 'adjustment'; counted: number; reason?: string | null; occurredAt?: string };

// ---------------------------------------------------------------- DRM

export type DrmStatus = 'open' | 'validated';

/** Entries of the month (DRM "entrées"). */
export const DRM_ENTRY_LINES = ['production', 'purchase', 'return', 'transferIn', 'inventoryGain'] as const;
/** Exits with duty paid in France = releases for consumption (DRM "sorties droits acquittés"). */
export const DRM_PAID_LINES = ['sale', 'tasting', 'transferPaid'] as const;
/** Exits without duty (DRM "sorties en suspension / exonérées"). */
export const DRM_FREE_LINES = ['export', 'eu', 'sample', 'loss', 'inventoryLoss', 'transferSuspended'] as const;

export type DrmEntryLine = (typeof DRM_ENTRY_LINES)[number];
export type DrmPaidLine = (typeof DRM_PAID_LINES)[number];
export type DrmFreeLine = (typeof DRM_FREE_LINES)[number];
export type DrmLine = DrmEntryLine | DrmPaidLine | DrmFreeLine;

export const DRM_LINE_LABELS: Record<DrmLine, string> = {
  production: 'Production',
  purchase: 'Achats',
  return: 'Retours',
  transferIn: 'Transferts reçus',
  inventoryGain: 'Excédents d’inventaire',
  sale: 'Ventes France',
  tasting: 'Dégustations',
  transferPaid: 'Transferts vers un entrepôt acquitté',
  export: 'Exportations',
  eu: 'Expéditions UE',
  sample: 'Échantillons',
  loss: 'Pertes et casse',
  inventoryLoss: 'Manquants d’inventaire',
  transferSuspended: 'Transferts en suspension',
};

/** Duties due on the volumes released for consumption, in cents. */
export interface DrmDuties {
  /** droits d'accises (legal.da by typeDA) */
  exciseCents: number;
  /** cotisation sécurité sociale (legal.css) and the custom tax per hl */
  cssCents: number;
  totalCents: number;
}

/**
 * Volumes are centilitres, exact to the millilitre (at most one decimal: a 37,5 cl bottle); hl = cl / 10 000, exact
 * with the 5 decimals the customs DRM uses (`clToHl`).
 */
export interface DrmFigures {
  openingCl: number;
  entries: Record<DrmEntryLine, number>;
  entriesCl: number;
  exitsPaid: Record<DrmPaidLine, number>;
  exitsPaidCl: number;
  exitsFree: Record<DrmFreeLine, number>;
  exitsFreeCl: number;
  /** opening + entries − exits */
  closingCl: number;
  duties: DrmDuties;
}

/** One movement counted in a category (the drill-down that makes the numbers reproducible). */
export interface DrmDetailMovement {
  id: number;
  kind: string;
  quantity: number;
  unitCl: number | null;
  /** signed volume of the movement in cl */
  volumeCl: number;
  line: DrmLine;
  occurredAt: string;
}

export interface DrmCategory extends DrmFigures {
  /** exciseCode|productType|color|label|appellation */
  key: string;
  exciseCode: string | null;
  productType: string | null;
  color: string | null;
  /** AOP, AOC, IGP or 'Sans IG' */
  label: string;
  appellation: string | null;
  detail?: DrmDetailMovement[];
}

export type DrmAnomalyCode = 'noExciseCode' | 'noVolume' | 'negativeClosing' | 'unpairedTransfer';

export interface DrmAnomaly {
  code: DrmAnomalyCode;
  /** an error blocks the validation */
  severity: 'error' | 'warning';
  message: string;
  movementIds: number[];
  categoryKey?: string;
}

export interface DrmDeclaration {
  warehouse: { id: number; name: string; exciseNumber: string | null };
  /** YYYY-MM (Europe/Paris calendar month) */
  month: string;
  status: DrmStatus;
  validatedAt: string | null;
  /** where the opening stock comes from: the closing of a validated month, or every movement before the month */
  openingSource: 'validated' | 'movements';
  categories: DrmCategory[];
  totals: DrmFigures;
  anomalies: DrmAnomaly[];
  movementCount: number;
  /** the movements list filtered on the month and the warehouse */
  movementsLink: string;
}

export interface DrmMonthStatus {
  month: string;
  status: DrmStatus;
  validatedAt: string | null;
  movementCount: number;
}

export interface DrmValidateInput {
  warehouseId: number;
  month: string;
}

/** Exact hectolitres of a centilitre volume, to the millilitre: 5 decimals, '.' separator (-1234 cl → '-0.12340'). */
export function clToHl(cl: number): string {
  const ml = Math.round(cl * 10);
  const sign = ml < 0 ? '-' : '';
  const abs = Math.abs(ml);
  return `${sign}${Math.floor(abs / 100000)}.${String(abs % 100000).padStart(5, '0')}`;
}

/** French display of `clToHl` (decimal comma): 1234 cl → '0,12340', 37,5 cl → '0,00375'. */
export function formatHl(cl: number): string {
  return clToHl(cl).replace('.', ',');
}
