import { useState } from 'react';
import { Link, useLocation } from 'shared-kernel/router';
import type { PublicShopPage } from 'shared-kernel/contracts';
import { ApiError } from 'shared-kernel/runtime';
import { requestPriceGrid } from './price-grid.api';
import { useTexts } from './texts';

/** §6 'professionals can request a price grid': shown on shop pages to pros who are not members, and to anonymous visitors. */
export function PriceGridRequest({ shop }: { shop: PublicShopPage }) {
  const t = useTexts();
  const { pathname, search } = useLocation();
  const initial = shop.viewer?.priceGrid;
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  if (state === 'anonymous') {
    return (
      <p className="wzs-grid-request" data-testid="price-grid">
        <Link to={`/auth/login?redirectLink=${encodeURIComponent(`${pathname}${search}`)}`}>{t.gridSignIn}</Link>
      </p>
    );
  }
  if (state !== 'requestable' && state !== 'pending') return null;
  const send = async () => {
    setBusy(true);
    try {
      await requestPriceGrid(shop.id);
      setState('pending');
    } catch (err) {
      // 409: a request is already waiting; the api's message is shown as a snackbar.
      if (err instanceof ApiError && err.status === 409) setState('pending');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wzs-grid-request" data-testid="price-grid">
      <span>{t.gridText}</span>
      <button type="button" className="wzs-btn" disabled={busy || state === 'pending'} onClick={() => void send()} aria-live="polite">
        {state === 'pending' ? t.gridSent : t.gridAsk}
      </button>
    </div>
  );
}
