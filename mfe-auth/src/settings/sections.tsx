// The components of the settings sections mfe-auth lends (declared in ../routes `settingsSections`), by key: the
// module exposes them, and its settings page renders them without loading another remote. Lazy: ./module is on the
// first paint of the public pages (sign-in), which load none of this.
import { lazy } from 'react';
import type { LazyWidget } from 'shared-kernel/contracts';

export const SECTIONS: Record<string, LazyWidget> = {
  account: lazy(() => import('./account/AccountSection').then((m) => ({ default: m.AccountSection }))),
  typos: lazy(() => import('./typos/TyposSection').then((m) => ({ default: m.TyposSection }))),
  products: lazy(() => import('./products/ProductDefaultsSection').then((m) => ({ default: m.ProductDefaultsSection }))),
  crm: lazy(() => import('./crm/CrmSection').then((m) => ({ default: m.CrmSection }))),
  roles: lazy(() => import('./roles/RolesSection').then((m) => ({ default: m.RolesSection }))),
  accounting: lazy(() => import('./accounting/AccountingSection').then((m) => ({ default: m.AccountingSection }))),
  integrations: lazy(() => import('./integrations/IntegrationsSection').then((m) => ({ default: m.IntegrationsSection }))),
  infos: lazy(() => import('./infos/InfosSection').then((m) => ({ default: m.InfosSection }))),
  matchGrids: lazy(() => import('./matchGrids/MatchGridsSection').then((m) => ({ default: m.MatchGridsSection }))),
  iframes: lazy(() => import('./iframes/IframesSection').then((m) => ({ default: m.IframesSection }))),
  // the promotion codes, then the loyalty programme card
  promotions: lazy(() =>
    Promise.all([import('./promotions/PromotionsSection'), import('./loyalty')]).then(([codes, loyalty]) => ({
      default: function PromotionsAndLoyalty() {
        return (
          <div style={{ display: 'grid', gap: 24 }}>
            <codes.PromotionsSection />
            <loyalty.LoyaltyCard />
          </div>
        );
      },
    })),
  ),
  campaigns: lazy(() => import('./campaigns/CampaignsSection').then((m) => ({ default: m.CampaignsSection }))),
};
