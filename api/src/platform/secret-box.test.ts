import { createSecretBox } from './secret-box';

describe('createSecretBox', () => {
  const box = createSecretBox(new TextEncoder().encode('a server secret of at least thirty-two bytes'));

  it('seals a value that only the same key and context open', () => {
    const sealed = box.seal('sk_live_51Hxyz', 'shop:1:stripe.secretKey');
    expect(sealed).not.toContain('sk_live');
    expect(box.open(sealed, 'shop:1:stripe.secretKey')).toBe('sk_live_51Hxyz');
    // another shop's row copied over does not open
    expect(box.open(sealed, 'shop:2:stripe.secretKey')).toBeNull();
    const other = createSecretBox(new TextEncoder().encode('another server secret, thirty-two bytes+'));
    expect(other.open(sealed, 'shop:1:stripe.secretKey')).toBeNull();
  });

  it('gives a different sealed text each time, and refuses a changed one', () => {
    const a = box.seal('same', 'c');
    const b = box.seal('same', 'c');
    expect(a).not.toBe(b);
    const parts = a.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(box.open([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), 'c')).toBeNull();
    expect(box.open('garbage', 'c')).toBeNull();
  });
});
