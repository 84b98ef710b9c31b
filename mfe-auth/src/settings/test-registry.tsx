// Test helper (jest only): the settings sections the shell lends from /remotes.json — mfe-auth's own (../routes) and
// every other remote's as its routes.ts declares them (a remote's tests never import another remote: they meet at run
// time) — so the settings page is tested with every remote's sections listed, as users get it.
import type { RemoteModule, SettingsSectionMeta } from 'shared-kernel/contracts';
import { provideContributions } from 'shared-kernel/runtime';
import { settingsSections } from '../routes';

const OWNER_IAM: SettingsSectionMeta['roles'] = ['owner', 'iam'];

/** mfe-sales' settings sections (mfe-sales/src/routes.ts `settingsSections`). */
export const SALES_SECTIONS: SettingsSectionMeta[] = [
  { key: 'billing', title: 'Facturation', titleEn: 'Billing', roles: ['owner'], order: 60 },
  { key: 'delivery', title: 'Livraison', titleEn: 'Delivery', roles: OWNER_IAM, permissions: ['manageDelivery'], order: 70 },
  { key: 'documents', title: 'Documents', titleEn: 'Documents', roles: ['owner'], order: 150 },
];

/** The other remotes' settings sections, by the Module Federation name of the remote (each one's src/routes.ts). */
export const OTHER_SECTIONS: Record<string, SettingsSectionMeta[]> = {
  mfe_sales: SALES_SECTIONS,
  mfe_crm: [
    {
      key: 'typos',
      title: 'Typologies',
      titleEn: 'Typologies',
      roles: OWNER_IAM,
      permissions: ['seeAllPrice', 'seeAllProduct', 'createProduct', 'seeAllClient', 'createClient'],
      order: 30,
    },
    { key: 'crm', title: 'CRM', titleEn: 'CRM', roles: OWNER_IAM, order: 40 },
    { key: 'matchGrids', title: 'Grilles de correspondance', titleEn: 'Matching grids', roles: OWNER_IAM, order: 110 },
  ],
  mfe_stock: [
    {
      key: 'products',
      title: 'Produits',
      titleEn: 'Products',
      roles: OWNER_IAM,
      permissions: ['seeAllProduct', 'createProduct', 'seeAllPrice'],
      order: 50,
    },
  ],
  mfe_accounting: [
    {
      key: 'accounting',
      title: 'Comptabilité',
      titleEn: 'Accounting',
      roles: OWNER_IAM,
      permissions: ['accessAccounting', 'editAccountingCodes'],
      order: 90,
    },
  ],
  mfe_marketing: [
    { key: 'campaigns', title: 'Campagnes', titleEn: 'Campaigns', roles: ['owner'], order: 100 },
    {
      key: 'promotions',
      title: 'Promotions',
      titleEn: 'Promotions',
      roles: OWNER_IAM,
      permissions: ['createCampaign', 'seeAllPrice', 'seeAllClient'],
      order: 140,
    },
  ],
  mfe_shop: [{ key: 'iframes', title: 'Iframes', titleEn: 'Iframes', roles: OWNER_IAM, order: 120 }],
};

/** A remote's module as the shell loads it: each section says whose it is ('Section billing de mfe-sales'). */
export function moduleOf(remote: string): RemoteModule {
  const name = remote.replace(/_/g, '-');
  const sections = OTHER_SECTIONS[remote];
  if (!sections) throw new Error(`${remote} lends no settings section`);
  return {
    name,
    pages: {},
    settingsSections: Object.fromEntries(sections.map((s) => [s.key, () => <p>{`Section ${s.key} de ${name}`}</p>])),
  };
}

const entries = (sections: SettingsSectionMeta[], remote: string) =>
  sections.map((s) => ({ ...s, permissions: s.permissions ?? [], modules: s.modules ?? [], remote }));

/** What the shell lends the page (createShell); `loadModule` defaults to every remote's module. */
export function provideRegistry(loadModule: (remote: string) => Promise<RemoteModule> = async (remote) => moduleOf(remote)): void {
  provideContributions({
    settingsSections: [
      ...entries(settingsSections, 'mfe_auth'),
      ...Object.entries(OTHER_SECTIONS).flatMap(([remote, sections]) => entries(sections, remote)),
    ],
    loadModule,
    peekModule: () => undefined,
  });
}
