// The delivery settings form: the contract's rules (shared-kernel/contracts/delivery-settings.ts), so the French
// messages are the api's. Prices in euros HT, in the form as on the wire.
import {
  deliverySettingsSchema,
  type DeliverySettings,
  type DeliverySettingsInput,
  type DeliverySettingsValues,
} from 'shared-kernel/contracts';
import { DEFAULT_PACKAGING } from 'shared-kernel/domain';

export const deliveryFormSchema = deliverySettingsSchema;
export type DeliveryFormValues = {
  deliveryTypes: Array<{
    name: string;
    ref: string;
    type: string;
    zones: Array<{ countries: string[]; price: number | null }>;
    franco: { quantity: number | null; amount: number | null };
  }>;
  collectionPoints: Array<{ id: number | null; name: string; address: string; price: number | null }>;
  packaging: { bottlesPerPackage: number | null; extraPackagePrice: number | null };
};
export type DeliveryFormOutput = DeliverySettingsValues;

export const MAX_TYPES = 30;
export const MAX_ZONES = 20;
export const MAX_POINTS = 50;

/** The saved settings as form values (empty franco thresholds as null). */
export function toFormValues(s: DeliverySettings | null): DeliveryFormValues {
  return {
    deliveryTypes: (s?.deliveryTypes ?? []).map((d) => ({
      name: d.name,
      ref: d.ref,
      type: d.type,
      zones: d.zones.map((z) => ({ countries: [...z.countries], price: z.price })),
      franco: { quantity: d.franco?.quantity ?? null, amount: d.franco?.amount ?? null },
    })),
    collectionPoints: (s?.collectionPoints ?? []).map((p) => ({ id: p.id, name: p.name, address: p.address, price: p.price })),
    packaging: { ...DEFAULT_PACKAGING, ...(s?.packaging ?? {}) },
  };
}

/** A unique reference for a new delivery type: livraison-N. */
export function freshRef(taken: readonly string[]): string {
  const used = new Set(taken.map((r) => r.toLowerCase()));
  let n = taken.length + 1;
  while (used.has(`livraison-${n}`)) n++;
  return `livraison-${n}`;
}

export const newDeliveryType = (taken: readonly string[]): DeliveryFormValues['deliveryTypes'][number] => ({
  name: '',
  ref: freshRef(taken),
  type: '',
  zones: [{ countries: ['FR'], price: null }],
  franco: { quantity: null, amount: null },
});
export const newZone = (): DeliveryFormValues['deliveryTypes'][number]['zones'][number] => ({ countries: [], price: null });
export const newCollectionPoint = (): DeliveryFormValues['collectionPoints'][number] => ({ id: null, name: '', address: '', price: 0 });

/** The PUT body (the schema's output: texts trimmed, country codes upper case, empty francos null). */
export function toBody(v: DeliveryFormOutput): DeliverySettingsInput {
  return {
    deliveryTypes: v.deliveryTypes,
    collectionPoints: v.collectionPoints.map((p) => (p.id == null ? { name: p.name, address: p.address, price: p.price } : p)),
    packaging: v.packaging,
  };
}
