// Requests and answers of the shipping routes (module `ups`).
import { z } from 'zod';
import { idNumber } from 'shared-kernel/contracts';

export const SHIPPING_MESSAGES = {
  orderNotFound: 'Commande introuvable',
  shipmentNotFound: 'Expédition introuvable',
  notConfigured: "Votre compte UPS n'est pas configuré : renseignez vos identifiants dans Paramètres › Intégrations › UPS",
  saved: 'Vos identifiants UPS ont été enregistrés',
  clientId: "L'identifiant client UPS est invalide (lettres et chiffres, tel que le portail développeur UPS le donne)",
  clientSecret: 'Le secret client UPS est invalide',
  secretNeeded: 'Indiquez le secret client UPS',
  accountNumber: 'Le numéro de compte UPS compte 6 caractères (lettres et chiffres)',
  environment: "L'environnement UPS est « test » ou « production »",
  connected: 'Connexion à UPS réussie : vos identifiants sont acceptés',
  auth: "UPS refuse vos identifiants : vérifiez l'identifiant client, le secret et le numéro de compte dans Paramètres › Intégrations › UPS",
  address: "UPS refuse l'adresse de livraison : vérifiez le code postal et la ville de la commande",
  shipper:
    "UPS refuse l'adresse d'expédition ou le numéro de compte : vérifiez l'adresse de la boutique (Paramètres › Facturation) et votre numéro de compte UPS",
  service: "Ce service UPS n'est pas proposé entre ces deux adresses : choisissez-en un autre (UPS Standard, par exemple)",
  unavailable: 'UPS ne répond pas pour le moment : réessayez dans quelques minutes',
  refused: "UPS a refusé l'expédition : vérifiez les colis et les adresses, puis réessayez",
  trackingUnknown: 'UPS ne connaît pas encore ce numéro de suivi',
  notShippable: "Cette commande ne peut pas être expédiée : validez-la d'abord (une commande annulée ou déjà livrée ne s'expédie plus)",
  alreadyShipped: (tn: string) => `Cette commande a déjà une expédition UPS (suivi ${tn}) : annulez-la avant d'en créer une autre`,
  noDeliveryAddress: "La commande n'a pas d'adresse de livraison : ajoutez-la avant de créer l'expédition",
  noShipperAddress: "Renseignez l'adresse de votre boutique dans Paramètres › Facturation : c'est l'adresse d'expédition UPS",
  created: (tn: string) => `Expédition UPS créée (suivi ${tn}) : la commande est marquée expédiée`,
  storeFailed: "L'expédition n'a pas pu être enregistrée : elle a été annulée chez UPS, réessayez",
  voided: 'Expédition UPS annulée',
  alreadyVoided: 'Cette expédition est déjà annulée',
  deliveredNoVoid: 'Une expédition livrée ne peut plus être annulée',
  serviceCode: 'Choisissez un service UPS',
  parcels: 'Indiquez de 1 à 20 colis',
  weight: "Le poids d'un colis est compris entre 0,1 et 70 kg",
  orderIds: 'Choisissez de 1 à 100 commandes',
  noLabels: "Aucune de ces commandes n'a d'étiquette UPS",
  addressValid: 'UPS reconnaît cette adresse',
  addressInvalid: 'UPS ne reconnaît pas cette adresse : vérifiez le code postal et la ville',
} as const;
const M = SHIPPING_MESSAGES;

/** UPS services a French producer ships with (Shipping API Service.Code). */
export const UPS_SERVICES = ['11', '65', '07', '54', '08'] as const;
export const UPS_SERVICE_LABELS: Record<(typeof UPS_SERVICES)[number], string> = {
  '11': 'UPS Standard',
  '65': 'UPS Express Saver',
  '07': 'UPS Express',
  '54': 'UPS Express Plus',
  '08': 'UPS Expedited',
};

export const upsAccountBodySchema = z.object({
  clientId: z
    .string({ error: M.clientId })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, M.clientId),
  /** '' or absent: keep the stored secret */
  clientSecret: z
    .union(
      [
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_+/=-]{8,200}$/, M.clientSecret),
      ],
      { error: M.clientSecret },
    )
    .optional(),
  accountNumber: z
    .string({ error: M.accountNumber })
    .trim()
    .regex(/^[A-Za-z0-9]{6}$/, M.accountNumber)
    .transform((v) => v.toUpperCase()),
  environment: z.enum(['test', 'production'], { error: M.environment }),
});
export type UpsAccountBody = z.output<typeof upsAccountBodySchema>;

export const upsAccountSchema = z.object({
  configured: z.boolean(),
  clientId: z.string().nullable(),
  /** never the secret itself: only whether one is stored */
  clientSecretSet: z.boolean(),
  accountNumber: z.string().nullable(),
  environment: z.enum(['test', 'production']),
  verifiedAt: z.string().nullable(),
});
export type UpsAccountDto = z.infer<typeof upsAccountSchema>;

export const connectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });

export const parcelSchema = z.object({
  weightKg: z.number({ error: M.weight }).min(0.1, M.weight).max(70, M.weight),
  bottles: z.number().int().min(0).max(1000).nullish(),
});

export const createUpsShipmentSchema = z.object({
  service: z.enum(UPS_SERVICES, { error: M.serviceCode }),
  /** absent: the parcels of the order's packaging */
  parcels: z.array(parcelSchema, { error: M.parcels }).min(1, M.parcels).max(20, M.parcels).optional(),
});

export const bulkLabelsSchema = z.object({
  orderIds: z.array(idNumber(M.orderNotFound), { error: M.orderIds }).min(1, M.orderIds).max(100, M.orderIds),
});

export const shipmentSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  carrier: z.literal('ups'),
  service: z.string(),
  serviceLabel: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  status: z.enum(['created', 'transit', 'delivered', 'exception', 'voided']),
  parcels: z.array(z.object({ weightKg: z.number(), bottles: z.number().nullable() })),
  cost: z.object({ cents: z.number(), currency: z.string() }).nullable(),
  environment: z.enum(['test', 'production']),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  lastEvent: z.string().nullable(),
});
export type ShipmentDto = z.infer<typeof shipmentSchema>;

export const orderShippingSchema = z.object({
  orderId: z.number(),
  /** the live shipment of the order (not voided), null when none */
  shipment: shipmentSchema.nullable(),
  /** every shipment the order had, voided ones included, newest first */
  shipments: z.array(shipmentSchema),
  /** what the dialog proposes: the order's parcels by the shop's packaging */
  suggestedParcels: z.array(z.object({ weightKg: z.number(), bottles: z.number().nullable() })),
  accountConfigured: z.boolean(),
});

export const addressCheckSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  candidates: z.array(
    z.object({ street: z.string(), street2: z.string().nullable().optional(), zipcode: z.string(), city: z.string(), country: z.string() }),
  ),
});
