import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'shared-kernel/router';
import { resolveGs1, useLoad } from './data';
import { ShopStyles } from './ShopFrame';
import { useTexts } from './texts';

/** /gs1/01/{gtin}[/22/{vintage}][/10/{lot}]: GS1 Digital Link → the product (and vintage) page. */
export default function Gs1Page() {
  const t = useTexts();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const state = useLoad(pathname, (signal) => resolveGs1(pathname.replace(/\/+$/, ''), signal));
  useEffect(() => {
    if (state.status !== 'ok') return;
    const r = state.data;
    const q = new URLSearchParams(search);
    q.set('format', String(r.formatId));
    if (r.vintageId) q.set('vintage', String(r.vintageId));
    navigate(`/${r.urlShop}/${r.productId}?${q.toString()}`, { replace: true });
  }, [state, navigate, search]);
  if (state.status === 'error') {
    return (
      <main className="wzs">
        <ShopStyles />
        <div className="wzs-empty" role="alert">
          <h1>{t.gs1Title}</h1>
          <p>{state.code === 404 && /valide/.test(state.message) ? t.gs1Invalid : t.gs1Unknown}</p>
          <p>
            <Link to="/shops">{t.home}</Link>
          </p>
        </div>
      </main>
    );
  }
  return (
    <main className="wzs" aria-busy="true">
      <ShopStyles />
      <p className="wzs-empty">{t.loading}</p>
    </main>
  );
}
