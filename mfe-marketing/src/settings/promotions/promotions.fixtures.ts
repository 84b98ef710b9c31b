// A promotion code as GET /promo-codes lists it (the settings section's tests).
import type { PromoCode } from 'shared-kernel/contracts';

export const promoCode = (over: Partial<PromoCode>): PromoCode => ({
  id: 1,
  code: 'BIENVENUE10',
  kind: 'percent',
  value: 10,
  productIds: null,
  minAmountCents: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerClient: 1,
  typologies: null,
  active: true,
  uses: 3,
  status: 'active',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
