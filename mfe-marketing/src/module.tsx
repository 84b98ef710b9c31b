// What mfe-marketing's './module' exposes: a page for every path of ./routes, plus the fr/en texts of its titles and menu labels.
// A route without a built screen renders the honest 'not yet available' page naming the screen. Also lends the
// dashboard widgets declared in ./routes `widgets` (« Mes points de fidélité » for buyers) and the settings sections
// declared in ./routes `settingsSections` (campaigns, promotions with the loyalty programme).
import { lazy } from 'react';
import type { LazyPage, LazyWidget } from 'shared-kernel/contracts';
import { defineRemoteModule } from 'shared-kernel/remote';
import routes from './routes';

/** i18n namespace, also the prefix of every titleKey/labelKey declared in ./routes. */
export const NAMESPACE = 'marketing';

/** Screens that exist, by route path. Everything else is the 'not yet available' page naming the screen. */
const built: Record<string, LazyPage> = {
  '/dashboard/crm/lists': lazy(() => import('./lists/ListsListPage')),
  '/dashboard/crm/lists/add': lazy(() => import('./lists/ListAddPage')),
  '/dashboard/crm/lists/:id': lazy(() => import('./lists/ListDetailPage')),
  '/dashboard/crm/models': lazy(() => import('./models/ModelsListPage')),
  '/dashboard/crm/models/add': lazy(() => import('./models/ModelAddPage')),
  '/dashboard/crm/models/advanced': lazy(() => import('./models/ModelsListPage')),
  '/dashboard/crm/models/:id': lazy(() => import('./models/ModelDetailPage')),
  '/dashboard/crm/models/:id/standard': lazy(() => import('./models/StandardEditorPage')),
  '/dashboard/crm/models/:id/advanced': lazy(() => import('./models/AdvancedEditorPage')),
  '/dashboard/crm/campaigns': lazy(() => import('./campaigns/list/CampaignsListPage')),
  '/dashboard/crm/campaigns/add': lazy(() => import('./campaigns/form/CampaignAddPage')),
  '/dashboard/crm/campaigns/:id': lazy(() => import('./campaigns/detail/CampaignDetailPage')),
  '/disable-tracking-notif': lazy(() => import('./tracking/DisableTrackingPage')),
};

/** Dashboard widgets by the id declared in ./routes `widgets`. */
const widgets: Record<string, LazyWidget> = {
  myLoyalty: lazy(() => import('./loyalty/MyLoyaltyWidget')),
};

/** Settings sections by the key declared in ./routes `settingsSections` (shown on mfe-auth's settings page). */
const settingsSections: Record<string, LazyWidget> = {
  campaigns: lazy(() => import('./settings/campaigns/CampaignsSection').then((m) => ({ default: m.CampaignsSection }))),
  // the promotion codes, then the loyalty programme card
  promotions: lazy(() =>
    Promise.all([import('./settings/promotions/PromotionsSection'), import('./settings/loyalty')]).then(([codes, loyalty]) => ({
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
};

export default defineRemoteModule({ name: 'mfe-marketing', namespace: NAMESPACE, routes, built, widgets, settingsSections });
