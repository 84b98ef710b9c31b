import { useEffect, useState } from 'react';
import { Link } from 'shared-kernel/router';
import { BUSINESS_TYPES, refLabel } from 'shared-kernel/domain';
import { fetchShops, useLoad } from './data';
import { ShopStyles } from './ShopFrame';
import { useTexts } from './texts';

/** /shops: the shop directory with search. */
export default function ShopsPage() {
  const t = useTexts();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  const state = useLoad(q, (signal) => fetchShops(q, signal));
  return (
    <main className="wzs">
      <ShopStyles />
      <h1>{t.shopsTitle}</h1>
      <label htmlFor="wzs-shops-search" className="wzs-meta">
        {t.shopsSearch}
      </label>
      <input
        id="wzs-shops-search"
        className="wzs-search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t.shopsSearch}
      />
      <div aria-live="polite" style={{ marginTop: 12 }}>
        {state.status === 'loading' && <p className="wzs-empty">{t.loading}</p>}
        {state.status === 'error' && (
          <p className="wzs-empty" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'ok' && state.data.length === 0 && <p className="wzs-empty">{t.noShop}</p>}
        {state.status === 'ok' && state.data.length > 0 && (
          <ul className="wzs-grid">
            {state.data.map((s) => (
              <li key={s.id} className="wzs-card">
                <Link to={`/${s.urlShop}`}>
                  <div className="wzs-visual" aria-hidden="true" style={{ aspectRatio: '16/9' }}>
                    {s.editedShop?.logo ? <img src={s.editedShop.logo} alt="" style={{ maxHeight: '80%' }} /> : s.name.slice(0, 1)}
                  </div>
                  <h3>{s.name}</h3>
                  <span className="wzs-meta">{refLabel(BUSINESS_TYPES, s.businessType as never)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
