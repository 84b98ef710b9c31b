import { z } from 'zod';
import { paginated, PROMO_CODE_STATUSES, promoCodeSchemaOut } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export { promoCodeInputSchema as promoCodeBodySchema } from 'shared-kernel/contracts';

export const PROMO_CODE_API_MESSAGES = {
  notFound: 'Code promo introuvable',
  taken: 'Ce code promo existe déjà dans votre boutique',
  productNotFound: "Un des produits choisis n'existe pas dans votre boutique",
  typologyNotFound: "Une des typologies choisies n'existe pas dans votre boutique",
  created: 'Le code promo a été créé',
  updated: 'Le code promo a été mis à jour',
  activated: 'Le code promo a été activé',
  deactivated: 'Le code promo a été désactivé',
  deleted: 'Le code promo a été supprimé',
  deactivatedInstead: 'Ce code promo a déjà été utilisé : il a été désactivé plutôt que supprimé',
  active: 'Le champ active doit valoir true ou false',
} as const;

export const listPromoCodesQuery = listQuery({
  sort: ['code', 'createdAt', 'endsAt'],
  defaultSort: '-createdAt',
  filters: {
    status: z
      .enum(PROMO_CODE_STATUSES, { error: 'Le filtre status accepte active, scheduled, expired ou inactive' })
      .optional()
      .describe('active, scheduled, expired or inactive'),
  },
});

export const promoCodeActiveBodySchema = z.object({ active: z.boolean({ error: PROMO_CODE_API_MESSAGES.active }) });

export const promoCodeAnswerSchema = promoCodeSchemaOut.extend({ message: z.string() });
export const promoCodeListSchema = paginated(promoCodeSchemaOut);
export const promoCodeDeleteSchema = z.object({ success: z.literal(true), message: z.string(), deactivated: z.boolean() });
