import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { adultCookie, hasAdultCookie as hasAdult } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';
import { SHOP_CSS } from './styles';
import { useReleaseFirstPaint, useServerData } from './first-paint';
import { useTexts } from './texts';

/** The visitor confirmed being an adult (the cookie; defaults to the page's). */
export function hasAdultCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return hasAdult(cookie);
}
export function setAdultCookie(): void {
  document.cookie = adultCookie();
}

/** The page's own URL with `adult=1`: the gateway sets the adult cookie and redirects back without it. */
export function adultHref(path: string): string {
  const [p, q = ''] = path.split('?');
  const params = new URLSearchParams(q);
  params.set('adult', '1');
  return `${p}?${params.toString()}`;
}

/**
 * Age gate (§9 threshold 18): an unauthenticated visitor without the adult cookie confirms
 * being over 18 before seeing the shop; refusal goes to /auth; confirmation sets the cookie for a year.
 */
export function AgeGate({ active, accent, children }: { active: boolean; accent?: string; children: ReactNode }) {
  const t = useTexts();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => !!s.jwt);
  const server = useServerData();
  const [confirmed, setConfirmed] = useState(() => (server ? server.adult : hasAdultCookie()));
  const yesRef = useRef<HTMLButtonElement>(null);
  const blocking = active && !loggedIn && !confirmed;
  useEffect(() => {
    if (blocking) yesRef.current?.focus();
  }, [blocking]);
  useReleaseFirstPaint(blocking);
  if (!blocking) return <>{children}</>;
  // the shop's colour on the gate's buttons (the gate sits outside the shop's .wzs frame)
  const look = accent ? { ['--wzs-accent' as string]: accent } : undefined;
  // In the server's first paint the gate works before the app has run: plain links (the gateway answers ?adult=1 by
  // setting the cookie and redirecting to the same page without it).
  const actions = server ? (
    <>
      <a className="wzs-btn" href={adultHref(server.path)}>
        {t.ageYes}
      </a>
      <a className="wzs-btn secondary" href="/auth">
        {t.ageNo}
      </a>
    </>
  ) : (
    <>
      <button
        ref={yesRef}
        type="button"
        className="wzs-btn"
        onClick={() => {
          setAdultCookie();
          setConfirmed(true);
        }}
      >
        {t.ageYes}
      </button>
      <button type="button" className="wzs-btn secondary" onClick={() => navigate('/auth', { replace: true })}>
        {t.ageNo}
      </button>
    </>
  );
  return (
    <>
      <style>{SHOP_CSS}</style>
      <div className="wzs-gate" role="dialog" aria-modal="true" aria-labelledby="wzs-gate-title" style={look}>
        <div>
          <h2 id="wzs-gate-title">{t.ageTitle}</h2>
          <p>{t.ageText}</p>
          {actions}
          <p className="wzs-meta" style={{ marginTop: 16 }}>
            {t.evin}
          </p>
        </div>
      </div>
    </>
  );
}
