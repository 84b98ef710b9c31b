import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { SHOP_CSS } from './styles';
import { useTexts } from './texts';

export const ADULT_COOKIE = 'wz_adult';
const YEAR_SECONDS = 365 * 24 * 3600;

export function hasAdultCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((c) => c.trim() === `${ADULT_COOKIE}=1`);
}
export function setAdultCookie(): void {
  document.cookie = `${ADULT_COOKIE}=1; max-age=${YEAR_SECONDS}; path=/; SameSite=Lax`;
}

/**
 * Age gate (§9 threshold 18): an unauthenticated visitor without the adult cookie confirms
 * being over 18 before seeing the shop; refusal goes to /auth; confirmation sets the cookie for a year.
 */
export function AgeGate({ active, children }: { active: boolean; children: ReactNode }) {
  const t = useTexts();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => !!s.jwt);
  const [confirmed, setConfirmed] = useState(() => hasAdultCookie());
  const yesRef = useRef<HTMLButtonElement>(null);
  const blocking = active && !loggedIn && !confirmed;
  useEffect(() => { if (blocking) yesRef.current?.focus(); }, [blocking]);
  if (!blocking) return <>{children}</>;
  return (
    <>
    <style>{SHOP_CSS}</style>
    <div className="wzs-gate" role="dialog" aria-modal="true" aria-labelledby="wzs-gate-title">
      <div>
        <h2 id="wzs-gate-title">{t.ageTitle}</h2>
        <p>{t.ageText}</p>
        <button ref={yesRef} type="button" className="wzs-btn" onClick={() => { setAdultCookie(); setConfirmed(true); }}>{t.ageYes}</button>
        <button type="button" className="wzs-btn secondary" onClick={() => navigate('/auth', { replace: true })}>{t.ageNo}</button>
        <p className="wzs-meta" style={{ marginTop: 16 }}>{t.evin}</p>
      </div>
    </div>
    </>
  );
}
