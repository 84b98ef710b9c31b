import { isReservedCollision, reservedFirstSegments } from './reserved';

describe('reserved first segments', () => {
  const reserved = reservedFirstSegments([
    '/',
    '/dashboard',
    '/dashboard/orders/:id',
    '/auth/login',
    '/shops/:id',
    '/cart',
    '/:name',
    '/:name/:product',
  ]);
  it('collects static first segments only', () => {
    expect([...reserved].sort()).toEqual(['auth', 'cart', 'dashboard', 'shops']);
  });
  it('a shop pattern never takes a reserved first segment', () => {
    expect(isReservedCollision('/:name/:product', '/dashboard/unknown', reserved)).toBe(true);
    expect(isReservedCollision('/:name', '/auth', reserved)).toBe(true);
    expect(isReservedCollision('/:name', '/Dashboard', reserved)).toBe(true);
    expect(isReservedCollision('/:name/:product', '/domaine-demo/cuvee', reserved)).toBe(false);
    expect(isReservedCollision('/dashboard/orders/:id', '/dashboard/orders/3', reserved)).toBe(false);
  });
});
