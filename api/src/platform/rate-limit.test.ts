import { createLoginThrottle, type TooManyLogins } from './rate-limit';

describe('login throttle per account', () => {
  const cfg = { windowMs: 15 * 60_000, maxPerAccount: 3, maxPerIp: 0, delayMs: 1000 };
  let t = 0;
  const throttle = () => createLoginThrottle(cfg, () => t);
  const blocked = async (th: ReturnType<typeof throttle>, key = 'user:1', unlocked?: () => Promise<boolean>) =>
    th.check(key, unlocked).then(
      () => null,
      (e: unknown) => e as TooManyLogins,
    );

  beforeEach(() => {
    t = 1_000_000;
  });

  it('waits longer at each further failure, never more than the window, and a success clears it', async () => {
    const th = throttle();
    for (let i = 0; i < 3; i++) {
      expect(await blocked(th)).toBeNull();
      th.failed('user:1');
    }
    expect((await blocked(th))?.retryAfterSeconds).toBe(1);
    t += 1000;
    expect(await blocked(th)).toBeNull();
    th.failed('user:1'); // 4th: 2 s
    expect((await blocked(th))?.retryAfterSeconds).toBe(2);
    for (let i = 0; i < 20; i++) {
      t += 15 * 60_000 - 1;
      th.failed('user:1');
    }
    expect((await blocked(th))?.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(await blocked(th, 'user:2')).toBeNull();
    th.succeeded('user:1');
    expect(await blocked(th)).toBeNull();
  });

  it('forgets failures a window after the last one, and a solved captcha skips the wait', async () => {
    const th = throttle();
    for (let i = 0; i < 3; i++) th.failed('user:1');
    expect((await blocked(th, 'user:1', async () => false))?.captcha).toBe(true);
    expect(await blocked(th, 'user:1', async () => true)).toBeNull();
    t += 15 * 60_000 + 1;
    expect(await blocked(th)).toBeNull();
  });
});
