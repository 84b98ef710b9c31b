import { z } from 'zod';
import { isValidSiret } from '../domain/siret';
import { MESSAGES as M } from '../validation/messages';
import {
  adultSchema,
  emailSchema,
  neededSchema,
  passwordSchema,
  telephoneOptionalSchema,
  telephoneSchema,
  termsSchema,
  usernameSchema,
} from '../validation/rules';

// The constants live apart, without zod: the sign-in page reads AUTH_MESSAGES without loading every schema.
export * from './auth-messages';
import { ACCOUNT_TYPES, BUSINESS_TYPES } from './auth-messages';

const optionalText = z.string().max(200).optional();

/** SIRET given whole or as siren + nic: returns the 14 digits, or null when neither is given. */
export function siretOf(input: { siret?: string | null; siren?: string | null; nic?: string | null }): string | null {
  const siret = input.siret?.replace(/[\s.-]/g, '');
  if (siret) return siret;
  const siren = input.siren?.replace(/[\s.-]/g, '') ?? '';
  const nic = input.nic?.replace(/[\s.-]/g, '') ?? '';
  if (!siren && !nic) return null;
  return `${siren}${nic}`;
}

/** POST /v1/auth/register body. Field-level issues carry the §5 messages and name the field. */
export const registerRequestSchema = z
  .object({
    type: z.enum(ACCOUNT_TYPES, { error: M.needed }),
    firstname: usernameSchema,
    lastname: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    phone: z.string().max(40).optional(),
    language: z.enum(['fr', 'en']).optional(),
    isPro: z.boolean().optional(),
    company: optionalText,
    siret: z.string().max(40).optional(),
    siren: z.string().max(20).optional(),
    nic: z.string().max(20).optional(),
    shopName: optionalText,
    businessType: z.enum(BUSINESS_TYPES, { error: M.needed }).optional(),
    adult: adultSchema,
    terms: termsSchema,
    captchaToken: z.string().max(4096).optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const phoneRequired = v.type !== 'buyer';
    if (phoneRequired) {
      if (!telephoneSchema.safeParse(v.phone ?? '').success) issue('phone', (v.phone ?? '').trim() ? M.telephone : M.needed);
    } else if (v.phone && !telephoneOptionalSchema.safeParse(v.phone).success) issue('phone', M.telephone);
    if (v.type === 'buyer' && v.isPro && !neededSchema.safeParse(v.company ?? '').success) issue('company', M.needed);
    const siret = siretOf(v);
    if (v.type === 'buyer' && v.isPro && !siret) issue('siret', M.needed);
    if (siret && !isValidSiret(siret)) issue(v.siret ? 'siret' : 'siren', M.siret);
    if (v.type === 'seller') {
      if (!neededSchema.safeParse(v.shopName ?? '').success) issue('shopName', M.needed);
      if (!v.businessType) issue('businessType', M.needed);
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const tokenRequestSchema = z.object({ token: z.string({ error: M.needed }).min(1, M.needed).max(200) });
export const emailRequestSchema = z.object({ email: emailSchema, captchaToken: z.string().max(4096).optional() });
export const resetConfirmSchema = z.object({ token: z.string({ error: M.needed }).min(1, M.needed).max(200), password: passwordSchema });
export const changePasswordSchema = z.object({ currentPassword: neededSchema.pipe(z.string().max(256)), password: passwordSchema });
export const changeEmailSchema = z.object({ email: emailSchema, password: neededSchema.pipe(z.string().max(256)) });

/** Simple { success, message } answers of the account flows. */
export interface AuthMessageResponse {
  success: true;
  message: string;
}

/** Captcha providers the register and reset forms can show (spec §7 third parties). */
export const CAPTCHA_PROVIDERS = ['hcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];
export const CAPTCHA_VERSIONS = ['v2', 'v3'] as const;
export type CaptchaVersion = (typeof CAPTCHA_VERSIONS)[number];

/**
 * GET /v1/auth/captcha-config: the PUBLIC part of the captcha setup. provider null → no widget, no token.
 * A provider without siteKey, or reCAPTCHA without version, is a misconfiguration the forms report (spec §8).
 */
export const captchaConfigSchema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS).nullable(),
  siteKey: z.string().nullable(),
  version: z.enum(CAPTCHA_VERSIONS).nullable(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;
export const NO_CAPTCHA: CaptchaConfig = { provider: null, siteKey: null, version: null };

/**
 * POST /v1/agent/shops (agents only): an agent creates a producer's shop. The owner's account is created
 * with this email and receives an invitation to choose their password; the agent becomes the shop's sales agent.
 * 201 { shop: { id, name, urlShop }, message } · 409 email when an account already uses that address.
 */
export const agentShopSchema = z.object({
  businessType: z.enum(BUSINESS_TYPES, { error: M.needed }),
  shopName: z.string({ error: M.needed }).trim().min(1, M.needed).max(120, 'Le nom de la boutique fait 120 caractères au plus'),
  ownerEmail: emailSchema,
  ownerFirstname: z.string({ error: M.needed }).trim().min(1, M.needed).max(60),
  ownerLastname: z.string({ error: M.needed }).trim().min(1, M.needed).max(60),
});
export type AgentShopInput = z.input<typeof agentShopSchema>;
export const AGENT_SHOP_MESSAGES = {
  created: (shop: string, email: string) => `Boutique « ${shop} » créée : une invitation a été envoyée à ${email}`,
} as const;
