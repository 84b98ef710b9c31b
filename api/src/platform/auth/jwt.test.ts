import { createJwtService } from './jwt';

const secret = new TextEncoder().encode('x'.repeat(40));
const other = new TextEncoder().encode('y'.repeat(40));

describe('signed links', () => {
  const jwt = createJwtService(secret, 3600);
  const later = new Date(Date.now() + 3600_000);

  it('opens the object of its purpose until it expires', async () => {
    const token = await jwt.links.sign('quote', 42, later);
    expect(await jwt.links.verify('quote', token)).toBe(42);
    expect(await jwt.links.verify('invoice', token)).toBeNull();
    expect(await jwt.links.verify('quote', await jwt.links.sign('quote', 42, new Date(Date.now() - 1000)))).toBeNull();
  });

  it('is neither a session nor accepted under another secret, and a session is not a link', async () => {
    const token = await jwt.links.sign('quote', 42, later);
    expect(await jwt.verify(token)).toBeNull();
    expect(await createJwtService(other, 3600).links.verify('quote', token)).toBeNull();
    expect(await jwt.links.verify('quote', await jwt.sign({ sub: 42, kind: 'user', tv: 0 }))).toBeNull();
    expect(await jwt.links.verify('quote', `${token.slice(0, -2)}xx`)).toBeNull();
  });
});
