import { z } from 'zod';
import { schemas } from 'shared-kernel/validation';

// POST /v1/roi/send: what the public ROI simulator (mfe-shop/src/roi) sends. Figures only — no free text reaches the
// mail — each bounded, each failure a French 400 naming the field.

/** A number between 0 and max, with a French message naming the field. */
const amount = (label: string, max: number) =>
  z
    .number({ error: `${label} doit être un nombre` })
    .finite(`${label} doit être un nombre`)
    .min(0, `${label} ne peut pas être négatif`)
    .max(max, `${label} ne peut pas dépasser ${max}`);
/** A figure of the results: any sign (a net gain may be negative), bounded. */
const figure = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre` })
    .finite(`${label} doit être un nombre`)
    .min(-1e9, `${label} est hors limites`)
    .max(1e9, `${label} est hors limites`);

export const roiInputsSchema = z.object(
  {
    bottlesCellar: amount('Le nombre de bouteilles vendues au caveau', 10_000_000),
    bottlesFairs: amount('Le nombre de bouteilles vendues sur les salons', 10_000_000),
    bottlesOnline: amount('Le nombre de bouteilles vendues sur la boutique en ligne', 10_000_000),
    bottlesTrade: amount('Le nombre de bouteilles vendues aux professionnels', 10_000_000),
    ordersPerMonth: amount('Le nombre de commandes par mois', 1_000_000),
    invoicingHoursPerWeek: amount('Le temps passé sur la facturation', 168),
    stockHoursPerWeek: amount('Le temps passé sur le stock et la DRM', 168),
    toolsMonthlyCost: amount('Le coût mensuel des outils actuels', 1_000_000),
  },
  { error: 'Les données du simulateur sont attendues' },
);

export const roiAssumptionsSchema = z.object(
  {
    invoicingTimeSavedPct: amount('La part du temps de facturation gagnée', 100),
    stockTimeSavedPct: amount('La part du temps de stock gagnée', 100),
    minutesSavedPerOrder: amount('Le temps gagné par commande', 600),
    hourlyCost: amount('Le coût horaire', 10_000),
    subscriptionMonthly: amount("Le coût de l'abonnement", 100_000),
    setupCost: amount('Le coût de mise en route', 1_000_000),
  },
  { error: 'Les hypothèses du simulateur sont attendues' },
);

export const roiResultsSchema = z.object(
  {
    bottlesPerYear: amount('Le nombre de bouteilles par an', 40_000_000),
    hoursSavedPerMonth: figure('Le nombre d’heures gagnées par mois'),
    moneySavedPerMonth: figure('Le montant économisé par mois'),
    toolsSavedPerMonth: figure('Le coût des outils économisé'),
    subscriptionPerMonth: figure("Le coût de l'abonnement"),
    netGainPerMonth: figure('Le gain net par mois'),
    netGainPerYear: figure('Le gain net par an'),
    paybackMonths: figure('Le délai de retour sur investissement').nullable(),
    costBeforePerMonth: figure('Le coût mensuel avant'),
    costAfterPerMonth: figure('Le coût mensuel après'),
    costPerBottleBefore: figure('Le coût par bouteille avant').nullable(),
    costPerBottleAfter: figure('Le coût par bouteille après').nullable(),
  },
  { error: 'Les résultats du simulateur sont attendus' },
);

export const sendRoiBodySchema = z.object({
  email: schemas.email,
  inputs: roiInputsSchema,
  assumptions: roiAssumptionsSchema.optional(),
  results: roiResultsSchema,
  lang: z.enum(['fr', 'en'], { error: 'La langue vaut fr ou en' }).optional(),
});
export type SendRoiBody = z.output<typeof sendRoiBodySchema>;

export const ROI_MESSAGES = {
  queued: 'Les résultats vous seront envoyés par e-mail dans quelques instants.',
  tooMany: 'Trop de demandes d’envoi depuis cette adresse. Réessayez dans une heure.',
} as const;

export const roiSentSchema = z.object({ success: z.literal(true), message: z.string() });
