import type { z } from 'zod';
import * as R from './rules';

/** A react-hook-form `validate` function: true when valid, else the French message. */
export type Validator = (value: unknown) => string | true;

/** Turn a schema into a Validator. null/undefined are read as '' (an empty form field). */
export function toValidator(schema: z.ZodType, opts: { emptyAs?: unknown } = {}): Validator {
  return (value) => {
    const input = value === undefined || value === null ? ('emptyAs' in opts ? opts.emptyAs : '') : value;
    const result = schema.safeParse(input);
    return result.success ? true : (result.error.issues[0]?.message ?? 'Valeur invalide');
  };
}

export const schemas = {
  needed: R.neededSchema,
  email: R.emailSchema,
  emailOptional: R.emailOptionalSchema,
  counter: R.counterSchema,
  url: R.urlSchema,
  number: R.numberSchema,
  numberFloat: R.numberFloatSchema,
  mongoid: R.mongoidSchema,
  link: R.linkSchema,
  string: R.stringSchema,
  username: R.usernameSchema,
  telephone: R.telephoneSchema,
  telephoneOptional: R.telephoneOptionalSchema,
  date: R.dateSchema,
  postal: R.postalSchema,
  password: R.passwordSchema,
  description: R.descriptionSchema,
  tva: R.tvaSchema,
  fee: R.feeSchema,
  promocode: R.promocodeSchema,
  vatNumber: R.vatNumberSchema,
  cardNumber: R.cardNumberSchema,
  cardExpiration: R.cardExpirationSchema,
  cvv: R.cvvSchema,
  siret: R.siretSchema,
  terms: R.termsSchema,
  adult: R.adultSchema,
  emailRecipients: R.emailRecipientsSchema,
} as const;

export const needed = toValidator(R.neededSchema);
export const email = toValidator(R.emailSchema);
export const emailOptional = toValidator(R.emailOptionalSchema);
export const counter = toValidator(R.counterSchema);
export const url = toValidator(R.urlSchema);
export const number = toValidator(R.numberSchema);
export const numberFloat = toValidator(R.numberFloatSchema);
export const mongoid = toValidator(R.mongoidSchema);
export const link = toValidator(R.linkSchema);
export const string = toValidator(R.stringSchema);
export const username = toValidator(R.usernameSchema);
export const telephone = toValidator(R.telephoneSchema);
export const telephoneOptional = toValidator(R.telephoneOptionalSchema);
export const date = toValidator(R.dateSchema);
export const postal = toValidator(R.postalSchema);
export const password = toValidator(R.passwordSchema);
export const description = toValidator(R.descriptionSchema);
export const tva = toValidator(R.tvaSchema);
export const fee = toValidator(R.feeSchema);
export const promocode = toValidator(R.promocodeSchema);
export const vatNumber = toValidator(R.vatNumberSchema);
export const cardNumber = toValidator(R.cardNumberSchema);
export const cardExpiration = toValidator(R.cardExpirationSchema);
export const cvv = toValidator(R.cvvSchema);
export const siret = toValidator(R.siretSchema);
export const terms = toValidator(R.termsSchema, { emptyAs: false });
export const adult = toValidator(R.adultSchema, { emptyAs: false });
export const emailRecipients = toValidator(R.emailRecipientsSchema, { emptyAs: [] });
/** Validator for a typed-keyword confirmation field. */
export const keyword = (word: string): Validator => toValidator(R.keywordSchema(word));

/** Every validator by name. */
export const validators = {
  needed,
  email,
  emailOptional,
  counter,
  url,
  number,
  numberFloat,
  mongoid,
  link,
  string,
  username,
  telephone,
  telephoneOptional,
  date,
  postal,
  password,
  description,
  tva,
  fee,
  promocode,
  vatNumber,
  cardNumber,
  cardExpiration,
  cvv,
  siret,
  terms,
  adult,
  emailRecipients,
} as const;
