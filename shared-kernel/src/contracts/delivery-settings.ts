import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/**
 * Delivery settings of a shop (settings section `delivery`), shared by the api (validation, OpenAPI) and
 * mfe-auth (the form). Money in euros HT, as the checkout settings keep it (the engine works in cents).
 *
 * - GET /v1/orders/settings/delivery → DeliverySettings                     owner, iam with manageDelivery
 * - PUT /v1/orders/settings/delivery  body DeliverySettingsInput → DeliverySettings + message   same
 *
 * Delivery types: name, ref (unique in the shop), type (carrier), zones (ISO country codes, empty = every country,
 * and the rate of the zone), franco (free from N bottles and/or from an amount). Collection points: name, address,
 * price; a point keeps its id across edits (orders name it), a new point gets an id never used by the shop.
 * Packaging: bottles a package and the price of every package beyond the first (spec §9: 12 and 7 EUR).
 * A bad value → 400 `{ message, field }`, the field as a dotted path (`deliveryTypes.0.zones.1.price`; a bad country code
 * names its place in the list: `deliveryTypes.0.zones.1.countries.2`).
 */

export const DELIVERY_SETTINGS_MESSAGES = {
  needed: MESSAGES.needed,
  price: 'Le prix doit être un nombre positif ou nul',
  priceMax: 'Le prix ne peut pas dépasser 10 000 €',
  francoQuantity: 'Le nombre de bouteilles doit être un entier supérieur ou égal à 1',
  francoAmount: 'Le montant doit être un nombre positif ou nul',
  country: (code: string) => `Le code pays « ${code} » n'est pas un code ISO valide (ex. FR, BE, DE)`,
  countryTwice: (code: string) => `Le pays ${code} est déjà desservi par une autre zone de ce mode de livraison`,
  everyCountryTwice: 'Une seule zone peut desservir tous les pays',
  zones: 'Ajoutez au moins une zone',
  tooManyZones: 'Pas plus de 20 zones par mode de livraison',
  duplicateRef: (ref: string) => `La référence « ${ref} » est déjà utilisée par un autre mode de livraison`,
  ref: 'La référence ne peut contenir que des lettres, des chiffres, des tirets et des tirets bas',
  bottlesPerPackage: 'Le nombre de bouteilles par colis doit être un entier entre 1 et 120',
  tooManyTypes: 'Pas plus de 30 modes de livraison',
  tooManyPoints: 'Pas plus de 50 points de retrait',
  saved: 'Paramètres de livraison enregistrés',
} as const;
const M = DELIVERY_SETTINGS_MESSAGES;

/** ISO 3166-1 alpha-2 codes. */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC ' +
    'CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD ' +
    'GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH ' +
    'KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW ' +
    'MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC ' +
    'SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY ' +
    'UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

const text = (max: number) => z.string({ error: M.needed }).trim().min(1, M.needed).max(max, `Pas plus de ${max} caractères`);
/** euros HT, ≥ 0, at most two decimals kept */
const euros = z
  .number({ error: M.price })
  .min(0, M.price)
  .max(10_000, M.priceMax)
  .transform((v) => Math.round(v * 100) / 100);

export const countryCodeSchema = z
  .string({ error: M.country('') })
  .trim()
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    if (!ISO_COUNTRY_CODES.has(v)) ctx.addIssue({ code: 'custom', message: M.country(v) });
  });

export const deliveryZoneSchema = z.object({
  /** ISO codes served by this rate; empty = every country */
  countries: z.array(countryCodeSchema).max(250).default([]),
  /** euros HT */
  price: euros,
});

export const francoSchema = z
  .object({
    /** free shipping from this many bottles */
    quantity: z.number({ error: M.francoQuantity }).int(M.francoQuantity).min(1, M.francoQuantity).max(100_000).nullish(),
    /** free shipping from this amount of products (euros) */
    amount: z.number({ error: M.francoAmount }).min(0, M.francoAmount).max(1_000_000).nullish(),
  })
  .nullish()
  .transform((f) => (f && (f.quantity != null || f.amount != null) ? { quantity: f.quantity ?? null, amount: f.amount ?? null } : null));

export const deliveryTypeSettingSchema = z
  .object({
    name: text(100),
    ref: text(100).regex(/^[\w-]+$/u, M.ref),
    /** the carrier or kind (colissimo, transporteur, local…) */
    type: text(50),
    zones: z.array(deliveryZoneSchema, { error: M.zones }).min(1, M.zones).max(20, M.tooManyZones),
    franco: francoSchema,
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    let everyCountry = false;
    d.zones.forEach((z, i) => {
      if (!z.countries.length) {
        if (everyCountry) ctx.addIssue({ code: 'custom', message: M.everyCountryTwice, path: ['zones', i, 'countries'] });
        everyCountry = true;
      }
      z.countries.forEach((c) => {
        if (seen.has(c)) ctx.addIssue({ code: 'custom', message: M.countryTwice(c), path: ['zones', i, 'countries'] });
        seen.add(c);
      });
    });
  });

export const collectionPointSettingSchema = z.object({
  /** kept across edits; absent for a new point (the api gives it one) */
  id: z.number().int().positive().nullish(),
  name: text(100),
  address: text(300),
  /** euros, no VAT (spec §4) */
  price: euros,
});

export const packagingSchema = z.object({
  bottlesPerPackage: z
    .number({ error: M.bottlesPerPackage })
    .int(M.bottlesPerPackage)
    .min(1, M.bottlesPerPackage)
    .max(120, M.bottlesPerPackage)
    .default(12),
  /** euros HT per package beyond the first */
  extraPackagePrice: euros.default(7),
});

export const deliverySettingsSchema = z
  .object({
    deliveryTypes: z.array(deliveryTypeSettingSchema).max(30, M.tooManyTypes).default([]),
    collectionPoints: z.array(collectionPointSettingSchema).max(50, M.tooManyPoints).default([]),
    packaging: packagingSchema.default({ bottlesPerPackage: 12, extraPackagePrice: 7 }),
  })
  .superRefine((s, ctx) => {
    const refs = new Set<string>();
    s.deliveryTypes.forEach((d, i) => {
      const key = d.ref.toLowerCase();
      if (refs.has(key)) ctx.addIssue({ code: 'custom', message: M.duplicateRef(d.ref), path: ['deliveryTypes', i, 'ref'] });
      refs.add(key);
    });
  });

export type DeliveryZoneSetting = z.output<typeof deliveryZoneSchema>;
export type DeliveryTypeSetting = z.output<typeof deliveryTypeSettingSchema>;
export type CollectionPointSetting = z.output<typeof collectionPointSettingSchema>;
export type PackagingSetting = z.output<typeof packagingSchema>;
export type DeliverySettingsInput = z.input<typeof deliverySettingsSchema>;
export type DeliverySettingsValues = z.output<typeof deliverySettingsSchema>;

/** The answer: every collection point has its id. */
export const deliverySettingsAnswerSchema = z.object({
  deliveryTypes: z.array(
    z.object({
      name: z.string(),
      ref: z.string(),
      type: z.string(),
      zones: z.array(z.object({ countries: z.array(z.string()), price: z.number() })),
      franco: z.object({ quantity: z.number().nullable(), amount: z.number().nullable() }).nullable(),
    }),
  ),
  collectionPoints: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string(), price: z.number() })),
  packaging: z.object({ bottlesPerPackage: z.number().int(), extraPackagePrice: z.number() }),
});
export type DeliverySettings = z.infer<typeof deliverySettingsAnswerSchema>;
export const deliverySettingsSavedSchema = deliverySettingsAnswerSchema.extend({ message: z.string() });
export type DeliverySettingsSaved = z.infer<typeof deliverySettingsSavedSchema>;
