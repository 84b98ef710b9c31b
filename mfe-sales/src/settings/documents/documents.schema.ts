// The form of the settings section `documents`: the contract's rules (shared-kernel/contracts/sales.ts) on what the
// form holds ('' for an empty colour or footer).
import { z } from 'zod';
import { SALES_MESSAGES as M, type DocumentsSettings, type DocumentsSettingsInput } from 'shared-kernel/contracts';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 1_000_000;
export const DEFAULT_COLOR = '#7a1f3d';

export const documentsFormSchema = z.object({
  color: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, M.color)]),
  logo: z.string().nullable(),
  footer: z.string().max(600, 'Doit contenir au maximum 600 caractères'),
});
export type DocumentsFormValues = z.input<typeof documentsFormSchema>;

export const toFormValues = (s: DocumentsSettings | undefined): DocumentsFormValues => ({
  color: s?.color ?? '',
  logo: s?.logo ?? null,
  footer: s?.footer ?? '',
});

export const toBody = (v: DocumentsFormValues): DocumentsSettingsInput => ({
  color: v.color || null,
  logo: v.logo,
  footer: v.footer.trim() || null,
});

/** Why a chosen file cannot be the logo, or null. */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return M.logoType;
  if (file.size > LOGO_MAX_BYTES) return M.logoSize;
  return null;
}
