import { z } from 'zod';
import type { SupplierBody, SupplierDetail } from 'shared-kernel/contracts';
import { isValidSiret } from 'shared-kernel/domain';
import { MESSAGES, schemas } from 'shared-kernel/validation';

/** The supplier form: §5 rules of shared-kernel/validation (the api checks the same with supplierBodySchema). */
export const supplierFormSchema = z.object({
  company: schemas.needed,
  siret: z.string().refine((v) => !v.trim() || isValidSiret(v), MESSAGES.siret),
  vatNumber: z.string().refine((v) => !v.trim() || schemas.vatNumber.safeParse(v).success, MESSAGES.vatNumber),
  email: schemas.email,
  phone: schemas.telephoneOptional,
  address: z.object({ line1: z.string(), line2: z.string(), zip: schemas.postal, city: z.string(), country: z.string() }),
  contacts: z.array(z.object({ name: schemas.needed, role: z.string(), email: schemas.emailOptional, phone: schemas.telephoneOptional })),
  paymentDelay: z.string(),
  notes: z.string(),
  status: z.enum(['active', 'archived']),
});
export type SupplierFormValues = z.input<typeof supplierFormSchema>;

export function supplierFormDefaults(s?: SupplierDetail): SupplierFormValues {
  return {
    company: s?.company ?? '',
    siret: s?.siret ?? '',
    vatNumber: s?.vatNumber ?? '',
    email: s?.email ?? '',
    phone: s?.phone ?? '',
    address: {
      line1: s?.address.line1 ?? '',
      line2: s?.address.line2 ?? '',
      zip: s?.address.zip ?? '',
      city: s?.address.city ?? '',
      country: s?.address.country ?? 'France',
    },
    contacts: (s?.contacts ?? []).map((c) => ({ name: c.name, role: c.role ?? '', email: c.email ?? '', phone: c.phone ?? '' })),
    paymentDelay: s?.paymentDelay ?? '',
    notes: s?.notes ?? '',
    status: s?.status ?? 'active',
  };
}

/** The api body (empty texts become null on the api side). */
export function toSupplierBody(v: z.output<typeof supplierFormSchema>): SupplierBody {
  return { ...v, paymentDelay: v.paymentDelay || null };
}
