import { z } from 'zod';
import type { CrmClientBody, CrmClientDetail, CrmClientKind } from 'shared-kernel/contracts';
import { isValidSiret } from 'shared-kernel/domain';
import { MESSAGES, schemas } from 'shared-kernel/validation';

/** The client form: §5 rules of shared-kernel/validation (the api checks the same with crmClientBodySchema). */
// optional mail: empty, or the §5 email rule with its message (schemas.emailOptional reports the union's own message)
const emailOptional = z.string().refine((v) => !v.trim() || schemas.email.safeParse(v).success, MESSAGES.email);
const addressForm = z.object({
  kind: z.enum(['delivery', 'billing']),
  isDefault: z.boolean(),
  name: z.string(),
  streetNumber: z.string(),
  street: z.string(),
  street2: z.string(),
  zipcode: schemas.postal,
  city: z.string(),
  country: z.string(),
  mountain: z.boolean(),
  exciseNumber: z.string(),
  phone: schemas.telephoneOptional,
  email: emailOptional,
});
const contactForm = z.object({
  civility: z.string(),
  firstname: z.string(),
  lastname: schemas.needed,
  role: z.string(),
  email: emailOptional,
  phone: schemas.telephoneOptional,
});

export const clientFormSchema = z
  .object({
    kind: z.enum(['private', 'professional', 'prospect']),
    civility: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    company: z.string(),
    siret: z.string().refine((v) => !v.trim() || isValidSiret(v), MESSAGES.siret),
    vatNumber: z.string().refine((v) => !v.trim() || schemas.vatNumber.safeParse(v).success, MESSAGES.vatNumber),
    email: emailOptional,
    phone: schemas.telephoneOptional,
    mobile: schemas.telephoneOptional,
    typology: z.string(),
    addresses: z.array(addressForm),
    contacts: z.array(contactForm),
    custom: z.object({ pipe: z.string(), family: z.string(), family2: z.string(), custom: z.string(), custom2: z.string() }),
    tags: z.array(z.string()),
    notes: z.string(),
    marketingConsent: z.boolean(),
    agentUserId: z.number().nullable(),
  })
  // a private client needs a lastname, a professional or a prospect a company — checked even while another field is wrong
  .superRefine(
    (v, ctx) => {
      if (v.kind === 'private' && !v.lastname?.trim()) ctx.addIssue({ code: 'custom', message: MESSAGES.needed, path: ['lastname'] });
      if (v.kind !== 'private' && !v.company?.trim()) ctx.addIssue({ code: 'custom', message: MESSAGES.needed, path: ['company'] });
    },
    { when: () => true },
  );
export type ClientFormValues = z.input<typeof clientFormSchema>;
export type ClientFormAddress = ClientFormValues['addresses'][number];

export const emptyAddress = (kind: 'delivery' | 'billing' = 'delivery', isDefault = false): ClientFormAddress => ({
  kind,
  isDefault,
  name: '',
  streetNumber: '',
  street: '',
  street2: '',
  zipcode: '',
  city: '',
  country: 'FR',
  mountain: false,
  exciseNumber: '',
  phone: '',
  email: '',
});

export function clientFormDefaults(c?: CrmClientDetail, kind: CrmClientKind = 'private', defaultTypology = ''): ClientFormValues {
  return {
    kind: c?.kind ?? kind,
    civility: c?.civility ?? '',
    firstname: c?.firstname ?? '',
    lastname: c?.lastname ?? '',
    company: c?.company ?? '',
    siret: c?.siret ?? '',
    vatNumber: c?.vatNumber ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    mobile: c?.mobile ?? '',
    typology: c ? (c.typology ?? '') : defaultTypology,
    addresses: c
      ? c.addresses.map((a) => ({
          kind: a.kind,
          isDefault: a.isDefault,
          name: a.name ?? '',
          streetNumber: a.streetNumber ?? '',
          street: a.street ?? '',
          street2: a.street2 ?? '',
          zipcode: a.zipcode ?? '',
          city: a.city ?? '',
          country: a.country ?? '',
          mountain: a.mountain,
          exciseNumber: a.exciseNumber ?? '',
          phone: a.phone ?? '',
          email: a.email ?? '',
        }))
      : [emptyAddress('delivery', true)],
    contacts: (c?.contacts ?? []).map((k) => ({
      civility: k.civility ?? '',
      firstname: k.firstname ?? '',
      lastname: k.lastname ?? '',
      role: k.role ?? '',
      email: k.email ?? '',
      phone: k.phone ?? '',
    })),
    custom: {
      pipe: c?.custom.pipe ?? (kind === 'prospect' && !c ? 'À contacter' : ''),
      family: c?.custom.family ?? '',
      family2: c?.custom.family2 ?? '',
      custom: c?.custom.custom ?? '',
      custom2: c?.custom.custom2 ?? '',
    },
    tags: c?.tags ?? [],
    notes: c?.notes ?? '',
    marketingConsent: c?.marketingConsent ?? false,
    agentUserId: c?.agentUserId ?? null,
  };
}

const blankAddress = (a: ClientFormAddress) => !a.street.trim() && !a.zipcode.trim() && !a.city.trim() && !a.name.trim();

/** The api body: empty texts are 'nothing' on the api side; an address left blank is dropped. */
export function toClientBody(v: z.output<typeof clientFormSchema>, c?: CrmClientDetail): CrmClientBody {
  return {
    ...v,
    civility: v.civility || null,
    typology: v.typology || null,
    addresses: v.addresses.filter((a) => !blankAddress(a)),
    contacts: v.contacts.map((k) => ({ ...k, civility: k.civility || null })),
    custom: { ...v.custom, listTag: c?.custom.listTag ?? [], listTag2: c?.custom.listTag2 ?? [] },
    userId: c?.buyer?.id ?? null,
    status: c?.status === 'archived' ? 'archived' : 'active',
  };
}
