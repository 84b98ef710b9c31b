import type { Permission } from './access';
import { ORDER_ACTIONS } from './order-lifecycle';
import {
  SALES_ACTIONS,
  SALES_ACTION_RIGHTS,
  maySalesAct,
  orderActionsFor,
  salesActionRule,
  type SalesAction,
  type SalesActor,
  type SalesDocumentState,
  type SalesDocumentSubType,
} from './order-rights';
import { ORDER_STATUSES } from './statuses';

/** The flags the sales documents are about, and one that is not (seeing orders grants no action). */
const FLAGS = ['createOrder', 'createQuote', 'billOrder', 'manageDelivery', 'seeAllPayment', 'seeAllOrder'] as const;
type Flag = (typeof FLAGS)[number];
const SUB_TYPES: SalesDocumentSubType[] = ['order', 'quote', 'sample'];

/** Every iam: each subset of the flags (with and without each one), plus the membership without authorizations. */
const IAMS: Array<{ name: string; flags: Set<Flag> | null }> = [
  { name: 'iam (no authorizations object)', flags: null },
  ...Array.from({ length: 1 << FLAGS.length }, (_, mask) => {
    const flags = new Set(FLAGS.filter((_, i) => mask & (1 << i)));
    return { name: `iam {${[...flags].join(', ')}}`, flags };
  }),
];
const iamActor = (flags: Set<Flag> | null): SalesActor => ({
  kind: 'iam',
  authorizations: flags === null ? null : (Object.fromEntries(FLAGS.map((f) => [f, flags.has(f)])) as Record<Permission, boolean>),
});

const STATES: SalesDocumentState[] = ORDER_STATUSES.flatMap((status) =>
  SUB_TYPES.flatMap((subType) => [false, true].map((paidOnline) => ({ status, subType, paidOnline }))),
);

/**
 * The expected rule, written out in words rather than read from the table: what each action produces and the §6 flag
 * of what it produces.
 */
function expectedForIam(action: SalesAction, s: SalesDocumentState, has: (f: Flag) => boolean): boolean {
  const taking = has('createOrder') || has('createQuote');
  const paying = has('billOrder') || has('seeAllPayment');
  switch (action) {
    case 'create':
    case 'edit':
      return s.subType === 'quote' ? has('createQuote') || has('createOrder') : has('createOrder');
    case 'send':
    case 'validate':
    case 'refuse':
    case 'expire':
      return taking;
    case 'cancel':
      // an invoiced order is cancelled by a credit note (billOrder); money paid online is given back (a payment out)
      return taking && (s.status !== 'invoiced' || has('billOrder')) && (!s.paidOnline || paying);
    case 'invoice':
    case 'deposit':
    case 'creditNote':
      return has('billOrder');
    case 'ship':
    case 'deliver':
      return has('manageDelivery');
    case 'sendInvoice':
    case 'remind':
    case 'recordPayment':
    case 'useCredit':
      return paying;
  }
}

function expectedForAgent(action: SalesAction, s: SalesDocumentState): boolean {
  if (['create', 'edit', 'send', 'validate', 'refuse', 'expire'].includes(action)) return true;
  if (action === 'cancel') return s.status !== 'invoiced' && !s.paidOnline;
  return false;
}

describe('order rights (who may act on a sales document)', () => {
  it('has a row for every order move, and no action is free: an iam without flags may do nothing in any state', () => {
    expect(Object.keys(SALES_ACTION_RIGHTS).sort()).toEqual([...SALES_ACTIONS].sort());
    for (const a of ORDER_ACTIONS) expect(SALES_ACTIONS).toContain(a);
    const none = iamActor(new Set());
    for (const a of SALES_ACTIONS) for (const s of STATES) expect([a, s, maySalesAct(none, a, s)]).toEqual([a, s, false]);
    // every effect names at least one flag
    for (const a of SALES_ACTIONS)
      for (const s of STATES) for (const group of salesActionRule(a, s).allOf) expect(group.length).toBeGreaterThan(0);
  });

  describe.each(SALES_ACTIONS)('%s', (action) => {
    it('every state × owner, every iam, agent, client, buyer', () => {
      const wrong: string[] = [];
      const check = (who: string, actor: SalesActor, s: SalesDocumentState, expected: boolean) => {
        if (maySalesAct(actor, action, s) !== expected)
          wrong.push(
            `${who} on ${s.subType} ${s.status}${s.paidOnline ? ' paid online' : ''}: expected ${expected ? 'allowed' : 'refused'}`,
          );
      };
      for (const s of STATES) {
        check('owner', { kind: 'owner', authorizations: null }, s, true);
        // an owner's stored flags do not matter: owners have every right
        check('owner with false flags', { kind: 'owner', authorizations: { billOrder: false, createOrder: false } }, s, true);
        for (const iam of IAMS)
          check(iam.name, iamActor(iam.flags), s, iam.flags === null || expectedForIam(action, s, (f) => iam.flags!.has(f)));
        // an agent acts by their kind, whatever flags their membership carries
        check('agent', { kind: 'agent', authorizations: null }, s, expectedForAgent(action, s));
        check('agent with every flag', iamLike('agent'), s, expectedForAgent(action, s));
        check('client', { kind: 'client', authorizations: null }, s, false);
        check('buyer', { kind: 'buyer', authorizations: null }, s, false);
      }
      expect(wrong).toEqual([]);
    });
  });

  it('an iam without billOrder may cancel a validated order but not an invoiced one (a credit note would be issued)', () => {
    const iam = iamActor(new Set<Flag>(['createOrder', 'createQuote', 'seeAllOrder', 'manageDelivery', 'seeAllPayment']));
    expect(maySalesAct(iam, 'cancel', { status: 'validated', subType: 'order', paidOnline: false })).toBe(true);
    expect(maySalesAct(iam, 'cancel', { status: 'invoiced', subType: 'order', paidOnline: false })).toBe(false);
    expect(maySalesAct(iam, 'creditNote')).toBe(false);
    expect(salesActionRule('cancel', { status: 'invoiced', subType: 'order', paidOnline: false })).toEqual({
      effects: ['taking', 'creditNote'],
      allOf: [['createOrder', 'createQuote'], ['billOrder']],
      agent: false,
    });
  });

  it('an agent takes and cancels their orders but never invoices, credits, refunds nor ships', () => {
    const agent: SalesActor = { kind: 'agent', authorizations: null };
    const validated: SalesDocumentState = { status: 'validated', subType: 'order', paidOnline: false };
    expect(orderActionsFor(agent, validated, ['invoice', 'cancel', 'ship', 'deliver'])).toEqual(['cancel']);
    expect(maySalesAct(agent, 'cancel', { ...validated, status: 'invoiced' })).toBe(false);
    expect(maySalesAct(agent, 'cancel', { ...validated, paidOnline: true })).toBe(false);
    for (const a of ['deposit', 'creditNote', 'recordPayment', 'useCredit', 'sendInvoice', 'remind'] as const)
      expect(maySalesAct(agent, a)).toBe(false);
  });

  it('without a state, an action needs what it produces in any state', () => {
    expect(salesActionRule('cancel').allOf).toEqual([['createOrder', 'createQuote']]);
    expect(salesActionRule('invoice').allOf).toEqual([['billOrder']]);
    expect(salesActionRule('ship').allOf).toEqual([['manageDelivery']]);
  });
});

function iamLike(kind: 'agent'): SalesActor {
  return { kind, authorizations: Object.fromEntries(FLAGS.map((f) => [f, true])) as Record<Permission, boolean> };
}
