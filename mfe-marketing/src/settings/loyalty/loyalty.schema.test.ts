import { LOYALTY_MESSAGES, type LoyaltyProgram } from 'shared-kernel/contracts';
import { loyaltyFormSchema, newLevel, toFormValues } from './loyalty.schema';

const program: LoyaltyProgram = {
  active: true,
  basis: 'bottle',
  pointsPerUnit: 5,
  levels: [
    { name: 'Bronze', threshold: 100, offers: [{ kind: 'discount', type: '€', amount: 1999 }] },
    { name: 'Or', threshold: 400, offers: [{ kind: 'products', productIds: [3, 4], maxProducts: 1 }] },
  ],
  updatedAt: null,
};

it('shows cents in euros and sends them back as cents (no float drift)', () => {
  const values = toFormValues(program);
  expect(values.levels[0].offers[0]).toMatchObject({ kind: 'discount', type: '€', amount: 19.99 });
  const { updatedAt: _u, ...body } = program;
  expect(loyaltyFormSchema.parse(values)).toEqual(body);
});

it('keeps the contract’s messages on the form’s paths', () => {
  const values = toFormValues(program);
  values.pointsPerUnit = null;
  values.levels.push({ ...newLevel(), name: '  ' });
  const issues = loyaltyFormSchema.safeParse(values).error!.issues.map((i) => [i.path.join('.'), i.message]);
  expect(issues).toEqual([
    ['pointsPerUnit', LOYALTY_MESSAGES.pointsPerUnit],
    ['levels.2.name', LOYALTY_MESSAGES.levelName],
    ['levels.2.threshold', LOYALTY_MESSAGES.threshold],
    ['levels.2.offers.0.amount', LOYALTY_MESSAGES.amount],
  ]);
});
