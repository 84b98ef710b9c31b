import { z } from 'zod';
import { paginated } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

/** French messages of the excise module. */
export const EXCISE_MESSAGES = {
  crdNotFound: 'Couleur de capsule CRD introuvable',
  crdCreated: 'La couleur de capsule a été créée',
  crdUpdated: 'La couleur de capsule a été mise à jour',
  crdMovementCreated: 'Le mouvement de capsules a été enregistré',
  needed: 'Ce champ ne peut pas être vide',
  number: 'Doit être un nombre',
  quantityPositive: 'La quantité doit être un nombre entier supérieur à 0',
  countedPositive: 'Le stock compté doit être un nombre entier positif ou nul',
  countedEqual: 'Le stock compté est égal au stock actuel : aucun mouvement à enregistrer',
  crdInsufficient: (available: number) => `Stock de capsules CRD insuffisant : ${available} disponible${available > 1 ? 's' : ''}`,
  crdArchived: 'Cette couleur de capsule est archivée',
  future: 'La date ne peut pas être dans le futur',
  date: 'La date est invalide',
  warehouseNotFound: 'Entrepôt introuvable',
  warehouseRequired: "Choisissez l'entrepôt",
  warehousePaid:
    'Cet entrepôt est en droits acquittés : la DRM ne concerne que les entrepôts sous douane (droits suspendus, entrepositaire agréé)',
  month: 'Le mois doit être au format AAAA-MM',
  monthNotOver: "Ce mois n'est pas terminé : seul un mois écoulé peut être validé",
  alreadyValidated: 'Ce mois est déjà validé',
  laterValidated: (month: string) => `Un mois postérieur (${month}) est déjà validé : ce mois ne peut plus être validé`,
  previousOpen: (month: string) => `Validez d'abord le mois de ${month}, qui comporte des mouvements`,
  anomalies: 'Le mois comporte des anomalies à corriger avant la validation',
  validated: 'La DRM du mois a été validée : le mois est verrouillé',
} as const;

const trimmed = (max: number) =>
  z.string({ error: EXCISE_MESSAGES.needed }).trim().min(1, EXCISE_MESSAGES.needed).max(max, `${max} caractères au plus`);

export const crdColorBodySchema = z
  .object({
    name: trimmed(100),
    color: trimmed(50),
    type: trimmed(50),
    isCRD: z.boolean({ error: 'isCRD vaut true ou false' }),
    archived: z.boolean({ error: 'archived vaut true ou false' }).optional(),
    initialStock: z
      .number({ error: EXCISE_MESSAGES.number })
      .int(EXCISE_MESSAGES.number)
      .min(0, EXCISE_MESSAGES.countedPositive)
      .optional(),
  })
  .strict();
export type CrdColorBody = z.infer<typeof crdColorBodySchema>;

const occurredAt = z.iso.datetime({ offset: true, error: EXCISE_MESSAGES.date }).optional();
const reason = z.string().trim().max(500, '500 caractères au plus').nullable().optional();

export const crdMovementBodySchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('purchase'),
        quantity: z
          .number({ error: EXCISE_MESSAGES.quantityPositive })
          .int(EXCISE_MESSAGES.quantityPositive)
          .min(1, EXCISE_MESSAGES.quantityPositive),
        reason,
        occurredAt,
      })
      .strict(),
    z
      .object({
        kind: z.literal('adjustment'),
        counted: z
          .number({ error: EXCISE_MESSAGES.countedPositive })
          .int(EXCISE_MESSAGES.countedPositive)
          .min(0, EXCISE_MESSAGES.countedPositive),
        reason,
        occurredAt,
      })
      .strict(),
  ],
  { error: 'Le type de mouvement vaut purchase ou adjustment' },
);
export type CrdMovementBody = z.infer<typeof crdMovementBodySchema>;

export const listCrdColorsQuery = listQuery({
  sort: ['name', 'color', 'stock', 'createdAt'],
  defaultSort: 'name',
  filters: {
    archived: z
      .enum(['true', 'false'], { error: 'Le filtre archived vaut true ou false' })
      .optional()
      .describe('true or false (default false)'),
    isCRD: z.enum(['true', 'false'], { error: 'Le filtre isCRD vaut true ou false' }).optional(),
  },
});

export const listCrdMovementsQuery = listQuery({
  sort: ['occurredAt', 'id'],
  defaultSort: '-occurredAt',
  filters: {
    kind: z.enum(['purchase', 'bottling', 'adjustment'], { error: 'Le filtre kind vaut purchase, bottling ou adjustment' }).optional(),
  },
});

export const crdColorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    type: z.string(),
    isCRD: z.boolean(),
    stock: z.number().int(),
    archived: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'CrdColor' });
export const crdColorListSchema = paginated(crdColorSchema);

export const crdMovementSchema = z
  .object({
    id: z.number().int(),
    crdColorId: z.number().int(),
    kind: z.enum(['purchase', 'bottling', 'adjustment']),
    quantity: z.number().int(),
    stockMovementId: z.number().int().nullable(),
    reason: z.string().nullable(),
    occurredAt: z.string(),
    userId: z.number().int().nullable(),
  })
  .meta({ id: 'CrdMovement' });
export const crdMovementListSchema = paginated(crdMovementSchema);

// ---------------------------------------------------------------- DRM

const monthParam = z.string({ error: EXCISE_MESSAGES.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, EXCISE_MESSAGES.month);
const warehouseParam = z
  .string({ error: EXCISE_MESSAGES.warehouseRequired })
  .regex(/^\d{1,9}$/, EXCISE_MESSAGES.warehouseRequired)
  .transform(Number)
  .pipe(z.number().int().min(1, EXCISE_MESSAGES.warehouseRequired));

export const drmQuery = z.object({
  warehouseId: warehouseParam,
  month: monthParam.optional().describe('YYYY-MM (Europe/Paris); default the last complete month'),
  detail: z.enum(['true', 'false'], { error: 'detail vaut true ou false' }).optional().describe('true: the movements of each category'),
});
export const drmMonthsQuery = z.object({ warehouseId: warehouseParam });
export const drmValidateBody = z
  .object({
    warehouseId: z.number({ error: EXCISE_MESSAGES.warehouseRequired }).int().min(1, EXCISE_MESSAGES.warehouseRequired),
    month: monthParam,
  })
  .strict();

/** A volume in centilitres exact to the millilitre: one decimal at most (37,5 cl → 37.5). */
const cl = () => z.number().describe('centilitres, exact to the millilitre (one decimal at most)');
const lines = (keys: readonly string[]) => z.object(Object.fromEntries(keys.map((k) => [k, cl()])));
const figures = {
  openingCl: cl(),
  entries: lines(['production', 'purchase', 'return', 'transferIn', 'inventoryGain']),
  entriesCl: cl(),
  exitsPaid: lines(['sale', 'tasting', 'transferPaid']),
  exitsPaidCl: cl(),
  exitsFree: lines(['export', 'eu', 'sample', 'loss', 'inventoryLoss', 'transferSuspended']),
  exitsFreeCl: cl(),
  closingCl: cl(),
  duties: z.object({ exciseCents: z.number().int(), cssCents: z.number().int(), totalCents: z.number().int() }),
};
export const drmSchema = z
  .object({
    warehouse: z.object({ id: z.number().int(), name: z.string(), exciseNumber: z.string().nullable() }),
    month: z.string(),
    status: z.enum(['open', 'validated']),
    validatedAt: z.string().nullable(),
    openingSource: z.enum(['validated', 'movements']),
    categories: z.array(
      z.object({
        key: z.string(),
        exciseCode: z.string().nullable(),
        productType: z.string().nullable(),
        color: z.string().nullable(),
        label: z.string(),
        appellation: z.string().nullable(),
        ...figures,
        detail: z
          .array(
            z.object({
              id: z.number().int(),
              kind: z.string(),
              quantity: z.number().int(),
              unitCl: cl().nullable(),
              volumeCl: cl(),
              line: z.string(),
              occurredAt: z.string(),
            }),
          )
          .optional(),
      }),
    ),
    totals: z.object(figures),
    anomalies: z.array(
      z.object({
        code: z.enum(['noExciseCode', 'noVolume', 'negativeClosing', 'unpairedTransfer']),
        severity: z.enum(['error', 'warning']),
        message: z.string(),
        movementIds: z.array(z.number().int()),
        categoryKey: z.string().optional(),
      }),
    ),
    movementCount: z.number().int(),
    movementsLink: z.string(),
  })
  .meta({ id: 'DrmDeclaration' });

export const drmMonthsSchema = z.array(
  z.object({
    month: z.string(),
    status: z.enum(['open', 'validated']),
    validatedAt: z.string().nullable(),
    movementCount: z.number().int(),
  }),
);
