// '/': a signed-in user goes to their home (dashboard, or the admin for a superAdmin); an anonymous visitor gets the
// landing page: what the product is, a few producers' shops (/shops for all of them), sign in and create an account.
// Public and lean like the other shop pages: no antd.
import { Link, Navigate } from 'shared-kernel/router';
import { BUSINESS_TYPES, homeFor, refLabel } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';
import { fetchShops, useLoad } from './data';
import { ShopStyles } from './ShopFrame';
import { useTexts } from './texts';

const FEATURED = 6;

function FeaturedShops() {
  const t = useTexts();
  const state = useLoad('landing', (signal) => fetchShops('', signal));
  if (state.status !== 'ok' || state.data.length === 0) return null;
  return (
    <section aria-labelledby="wzs-landing-featured" className="wzs-landing__featured">
      <h2 id="wzs-landing-featured">{t.landingFeatured}</h2>
      <ul className="wzs-grid">
        {state.data.slice(0, FEATURED).map((s) => (
          <li key={s.id} className="wzs-card">
            <Link to={`/${s.urlShop}`}>
              <h3>{s.name}</h3>
              <span className="wzs-meta">{refLabel(BUSINESS_TYPES, s.businessType as never)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/shops">{t.landingAllShops}</Link>
      </p>
    </section>
  );
}

export default function LandingPage() {
  const t = useTexts();
  const user = useSession((s) => s.user);
  const master = useSession((s) => s.masterAccount);
  if (user || master) return <Navigate to={homeFor(user)} replace />;
  return (
    <main className="wzs wzs-landing">
      <ShopStyles />
      <section className="wzs-landing__hero" aria-labelledby="wzs-landing-title">
        <h1 id="wzs-landing-title">{t.landingTitle}</h1>
        <p className="wzs-landing__intro">{t.landingIntro}</p>
        <div className="wzs-landing__actions">
          <Link className="wzs-btn" to="/shops">
            {t.landingShops}
          </Link>
          <Link className="wzs-btn secondary" to="/auth/login">
            {t.landingSignIn}
          </Link>
          <Link className="wzs-btn secondary" to="/auth/register">
            {t.landingRegister}
          </Link>
        </div>
      </section>
      <FeaturedShops />
      <section className="wzs-landing__pros" aria-labelledby="wzs-landing-pros">
        <h2 id="wzs-landing-pros">{t.landingProducersTitle}</h2>
        <p>{t.landingProducersText}</p>
        <Link to="/auth/register">{t.landingRegister}</Link>
      </section>
    </main>
  );
}
