import { HttpError } from '../../../platform/errors';
import { formatIban, isValidIban } from '../iban';
import { WebhookSignatureError } from './provider';
import { SANDBOX_IBANS, SandboxProvider, checkCard, signSandboxPayload, verifySandboxSignature } from './sandbox';

describe('IBAN check (mod 97)', () => {
  it.each([
    ['FR1420041010050500013M02606', true],
    ['fr14 2004 1010 0505 0001 3m02 606', true],
    ['DE89370400440532013000', true],
    ['BE68539007547034', true],
    ['FR1520041010050500013M02606', false], // wrong check digits
    ['FR14200410100505000', false], // wrong length for FR
    ['US64SVBKUS6S3300958879', false], // not SEPA
    ['', false],
    ['not an iban', false],
  ])('%s → %s', (iban, ok) => expect(isValidIban(iban)).toBe(ok));

  it('formats by groups of four', () => expect(formatIban('FR1420041010050500013M02606')).toBe('FR14 2004 1010 0505 0001 3M02 606'));
});

describe('sandbox webhook signature', () => {
  const secret = 's3cret';
  const body = Buffer.from('{"id":"evt_1","type":"payment_intent.succeeded"}');
  const now = 1_800_000_000;

  it('accepts its own signature within 5 minutes', () => {
    expect(() => verifySandboxSignature(body, signSandboxPayload(body, secret, now - 299), secret, now)).not.toThrow();
    expect(signSandboxPayload(body, secret, now)).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
  });

  it.each([
    ['stale', () => signSandboxPayload(body, secret, now - 301)],
    ['from the future', () => signSandboxPayload(body, secret, now + 301)],
    ['another secret', () => signSandboxPayload(body, 'other', now)],
    ['another timestamp than the signed one', () => signSandboxPayload(body, secret, now).replace(`t=${now}`, `t=${now - 1}`)],
    ['malformed', () => 'v1=abc'],
    ['missing', () => undefined],
  ])('refuses a %s signature', (_l, header) => {
    expect(() => verifySandboxSignature(body, header(), secret, now)).toThrow(WebhookSignatureError);
  });

  it('refuses a tampered body', () => {
    const header = signSandboxPayload(body, secret, now);
    expect(() => verifySandboxSignature(Buffer.from(body.toString().replace('succeeded', 'canceled')), header, secret, now)).toThrow(
      WebhookSignatureError,
    );
  });

  it('round-trips the events it emits', () => {
    const p = new SandboxProvider({ secret, sepaSettleDelayMs: 0 });
    const d = p.event('payment_intent.payment_failed', 'sbx_pi_1');
    expect(p.parseWebhook(d.rawBody, d.headers)).toMatchObject({ type: 'payment_intent.payment_failed', ref: 'sbx_pi_1', status: 'error' });
  });
});

describe('sandbox card outcomes', () => {
  const p = new SandboxProvider({ secret: 'x', sepaSettleDelayMs: 0 });
  const typeOf = async (number: string, kind: 'card' | 'imprint' = 'card') => {
    const out = await p.confirm({
      paymentId: 1,
      ref: 'sbx_pi_1',
      kind,
      amountCents: 100,
      card: { number, expiration: '12/39', cvv: '123' },
    });
    return [JSON.parse(out.deliveries[0].rawBody.toString()).type, Boolean(out.challenge)];
  };
  it('maps the documented test cards', async () => {
    expect(await typeOf('4242 4242 4242 4242')).toEqual(['payment_intent.succeeded', false]);
    expect(await typeOf('4000 0000 0000 3220')).toEqual(['payment_intent.requires_action', true]);
    expect(await typeOf('4000 0000 0000 0002')).toEqual(['payment_intent.payment_failed', false]);
    expect(await typeOf('4242 4242 4242 4242', 'imprint')).toEqual(['setup_intent.succeeded', false]);
    expect(await typeOf('4000 0000 0000 0002', 'imprint')).toEqual(['setup_intent.setup_failed', false]);
  });
  it('SEPA: processing now, the settlement later (failing test IBAN → payment_failed)', async () => {
    const ok = await p.confirm({
      paymentId: 1,
      ref: 'sbx_pi_2',
      kind: 'sepa',
      amountCents: 100,
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
    });
    expect(JSON.parse(ok.deliveries[0].rawBody.toString()).type).toBe('payment_intent.processing');
    expect(JSON.parse(ok.later[0].deliver().rawBody.toString()).type).toBe('payment_intent.succeeded');
    const ko = await p.confirm({ paymentId: 1, ref: 'sbx_pi_3', kind: 'sepa', amountCents: 100, iban: SANDBOX_IBANS.failure });
    expect(JSON.parse(ko.later[0].deliver().rawBody.toString()).type).toBe('payment_intent.payment_failed');
  });
  it('checkCard names the first wrong field', () => {
    expect(() => checkCard({ number: '4242424242424242', expiration: '12/39', cvv: '1' })).toThrow(
      new HttpError(400, 'CVV invalide', 'card.cvv'),
    );
    expect(checkCard({ number: '4242-4242-4242-4242', expiration: '12/39', cvv: '123' })).toBe('4242424242424242');
  });
});
