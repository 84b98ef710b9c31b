import { count, sql } from 'drizzle-orm';
import { SHOP_MODULES } from 'shared-kernel/contracts';
import type { Db } from '../platform/db/client';
import { masterAccountLinks, masterAccounts, notifications, shopMembers, shops, users } from '../platform/db/tables';
import { hashPassword } from '../platform/auth/password';
import type { Logger } from '../platform/logger';
import { seedCatalog } from './catalog';
import { seedCheckout } from './checkout';
import { seedStock } from './stock';
import { seedExcise } from './excise';
import { seedPurchasing, seedReceivedInvoices } from './purchasing';
import { seedCrm } from './crm';
import { seedTasks } from './tasks';
import { seedTickets } from './tickets';
import { seedTeam } from './team';
import { seedOpportunities } from './opportunities';
import { seedSales } from './sales';
import { seedFutures } from './futures';
import { seedReservations } from './reservations';
import { seedCampaigns } from './campaigns';
import { seedMarketing } from './marketing';
import { seedAccounting } from './accounting';
import { seedPos } from './pos';
import { seedAnalytics } from './analytics';
import { seedPromoCodes } from './promo-codes';
import { seedLoyalty } from './loyalty';

/** The demo accounts (README and e2e rely on these exact credentials). */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@demo.test',
    password: 'Admin1234',
    username: 'Adèle Administratrice',
    firstname: 'Adèle',
    lastname: 'Administratrice',
  },
  owner: {
    email: 'owner@demo.test',
    password: 'Owner1234',
    username: 'Olivier Propriétaire',
    firstname: 'Olivier',
    lastname: 'Propriétaire',
  },
  owner2: { email: 'owner2@demo.test', password: 'Owner1234', username: 'Bruno Brasseur', firstname: 'Bruno', lastname: 'Brasseur' },
  owner3: { email: 'owner3@demo.test', password: 'Owner1234', username: 'Claire Caviste', firstname: 'Claire', lastname: 'Caviste' },
  iam: {
    email: 'iam@demo.test',
    password: 'Iam12345',
    username: 'Isabelle Collaboratrice',
    firstname: 'Isabelle',
    lastname: 'Collaboratrice',
  },
  agent: { email: 'agent@demo.test', password: 'Agent1234', username: 'Antoine Agent', firstname: 'Antoine', lastname: 'Agent' },
  buyer: { email: 'buyer@demo.test', password: 'Buyer1234', username: 'Béatrice Acheteuse', firstname: 'Béatrice', lastname: 'Acheteuse' },
  master: { email: 'master@demo.test', password: 'Master1234', username: 'Martin Multicomptes' },
} as const;

export const DEMO_SHOPS = {
  domaine: { code: 'DOMDEM', name: 'Domaine de Démo', urlShop: 'domaine-demo', businessType: 'wine' as const },
  brasserie: { code: 'BRADEM', name: 'Brasserie Démo', urlShop: 'brasserie-demo', businessType: 'beer' as const },
  /** a wine merchant whose prices are reserved to members (§6) */
  cave: { code: 'CAVPRO', name: 'Cave des Pros Démo', urlShop: 'cave-des-pros', businessType: 'wine' as const },
};

const settings = () => ({
  logStartMonth: 0,
  logStartDay: 1,
  hasTVA: true,
  vatRate: { standard: 20, medium: 10, reduced: 5.5 },
  titleProducts: 'Nos produits',
  allRulesInEq75: false,
});

const typologies = () => [
  { id: 'particulier', name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false },
  { id: 'professionnel', name: 'Professionnel', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false },
];

export function assertSeedAllowed(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production') throw new Error('Refusing to seed demo data when NODE_ENV=production');
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ n: count() }).from(users);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Inserts the demo data set. Idempotent: does nothing when the demo admin exists.
 * Returns true when it seeded.
 */
export async function seedDemo(db: Db, logger?: Logger, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  assertSeedAllowed(env);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ACCOUNTS.admin.email}`)
    .limit(1);
  if (existing.length) {
    logger?.info('demo data already present, skipping seed');
    return false;
  }
  const A = DEMO_ACCOUNTS;
  const [hAdmin, hOwner, hIam, hAgent, hBuyer, hMaster] = await Promise.all(
    [A.admin.password, A.owner.password, A.iam.password, A.agent.password, A.buyer.password, A.master.password].map(hashPassword),
  );

  await db.transaction(async (tx) => {
    const allModules = Object.fromEntries(SHOP_MODULES.map((m) => [m, { active: true }]));
    const someModules = Object.fromEntries(SHOP_MODULES.map((m) => [m, { active: ['shop', 'crm', 'stocks'].includes(m) }]));

    const [domaine] = await tx
      .insert(shops)
      .values({
        ...DEMO_SHOPS.domaine,
        settings: settings(),
        typologies: typologies(),
        integration: allModules,
        editedShop: { color: '#7b1e3a', banner: null, logo: null },
        contactEmail: 'contact@domaine-demo.test',
      })
      .returning();
    const [brasserie] = await tx
      .insert(shops)
      .values({
        ...DEMO_SHOPS.brasserie,
        settings: settings(),
        typologies: typologies(),
        integration: someModules,
        editedShop: { color: '#c98a0b', banner: null, logo: null },
        contactEmail: 'contact@brasserie-demo.test',
      })
      .returning();
    const [cave] = await tx
      .insert(shops)
      .values({
        ...DEMO_SHOPS.cave,
        settings: settings(),
        typologies: typologies(),
        integration: someModules,
        editedShop: { color: '#1f3a5f', banner: null, logo: null },
        contactEmail: 'contact@cave-des-pros.test',
      })
      .returning();

    const franceAddress = {
      name: 'Béatrice Acheteuse',
      street_number: '12',
      street: 'rue des Vignes',
      zipcode: '69002',
      city: 'Lyon',
      country: 'FR',
      phone: '+33612345678',
      email: A.buyer.email,
    };
    const u = (k: keyof typeof A) => A[k];
    const inserted = await tx
      .insert(users)
      .values([
        { ...pick(u('admin')), passwordHash: hAdmin, role: 'superAdmin', isPro: false },
        {
          ...pick(u('owner')),
          passwordHash: hOwner,
          role: 'owner',
          isPro: true,
          phone: '+33611223344',
          business: { reason: 'SCEA', name: 'Domaine de Démo' },
        },
        {
          ...pick(u('owner2')),
          passwordHash: hOwner,
          role: 'owner',
          isPro: true,
          phone: '+33655667788',
          business: { reason: 'SARL', name: 'Brasserie Démo' },
        },
        {
          ...pick(u('owner3')),
          passwordHash: hOwner,
          role: 'owner',
          isPro: true,
          phone: '+33644556677',
          business: { reason: 'SAS', name: 'Cave des Pros Démo' },
        },
        { ...pick(u('iam')), passwordHash: hIam, role: 'iam', isPro: true },
        {
          ...pick(u('agent')),
          passwordHash: hAgent,
          role: 'agent',
          isPro: true,
          business: { reason: 'EI', name: 'Antoine Agent Commercial' },
        },
        {
          ...pick(u('buyer')),
          passwordHash: hBuyer,
          role: 'buyer',
          isPro: false,
          deliveryAddress: franceAddress,
          billingAddress: franceAddress,
        },
      ])
      .returning({ id: users.id, email: users.email });
    const id = (email: string) => inserted.find((r) => r.email === email)!.id;

    await tx.insert(shopMembers).values([
      { userId: id(A.owner.email), shopId: domaine.id, kind: 'owner', authorizations: null },
      { userId: id(A.owner2.email), shopId: brasserie.id, kind: 'owner', authorizations: null },
      { userId: id(A.owner3.email), shopId: cave.id, kind: 'owner', authorizations: null },
      {
        userId: id(A.iam.email),
        shopId: domaine.id,
        kind: 'iam',
        authorizations: { seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true },
      },
      { userId: id(A.agent.email), shopId: domaine.id, kind: 'agent', authorizations: null, typology: 'professionnel' },
    ]);

    const [master] = await tx
      .insert(masterAccounts)
      .values({
        email: A.master.email,
        username: A.master.username,
        passwordHash: hMaster,
        isSuperAdmin: false,
      })
      .returning();
    await tx.insert(masterAccountLinks).values([
      { masterId: master.id, userId: id(A.owner.email) },
      { masterId: master.id, userId: id(A.owner2.email) },
    ]);

    const ago = (hours: number) => new Date(Date.now() - hours * 3600_000);
    await tx.insert(notifications).values([
      {
        userId: id(A.owner.email),
        type: 'newOrder',
        content: 'Nouvelle commande de Béatrice Acheteuse (3 bouteilles).',
        redirectLink: '/dashboard/orders',
        seen: false,
        createdAt: ago(1),
      },
      {
        userId: id(A.owner.email),
        type: 'payment',
        content: 'Paiement reçu pour la commande n°1024 : 87,60 €.',
        redirectLink: '/dashboard/payments',
        seen: false,
        createdAt: ago(5),
      },
      {
        userId: id(A.owner.email),
        type: 'thresholdReach',
        content: 'Stock bas : Cuvée Prestige 2020 (6 bouteilles restantes).',
        redirectLink: '/dashboard/stocks',
        seen: false,
        createdAt: ago(26),
      },
      {
        userId: id(A.owner.email),
        type: 'newContact',
        content: 'Un nouveau contact a rempli le formulaire de votre boutique.',
        redirectLink: '/dashboard/clients',
        seen: true,
        createdAt: ago(72),
      },
      {
        userId: id(A.owner.email),
        type: 'taskCompleted',
        content: 'Isabelle Collaboratrice a terminé la tâche « Relancer les cavistes ».',
        redirectLink: '/dashboard/tasks',
        seen: true,
        createdAt: ago(120),
      },
      {
        userId: id(A.buyer.email),
        type: 'modifyOrder',
        content: 'Votre commande auprès de Domaine de Démo a été validée.',
        redirectLink: '/dashboard/orders',
        seen: false,
        createdAt: ago(2),
      },
      {
        userId: id(A.buyer.email),
        type: 'newResa',
        content: 'Votre réservation « Visite et dégustation » est confirmée.',
        redirectLink: '/dashboard/reservations',
        seen: true,
        createdAt: ago(48),
      },
    ]);
  });
  await seedCatalog(db);
  // the client files first: a checkout order belongs to its buyer's file (the demo buyer's is the CRM seed's)
  await seedCrm(db, logger);
  await seedCheckout(db, logger);
  await seedExcise(db, logger);
  await seedStock(db, logger);
  await seedPurchasing(db, logger);
  await seedTasks(db, logger);
  await seedTickets(db, logger);
  await seedTeam(db, logger);
  await seedOpportunities(db, logger);
  await seedAnalytics(db, logger);
  await seedSales(db, logger, { historyMonths: env.NODE_ENV === 'test' ? 2 : 9 });
  await seedReceivedInvoices(db, logger);
  await seedFutures(db, logger);
  // not under tests: their figures count the demo orders (the reservations module tests the seed itself)
  if (env.NODE_ENV !== 'test') await seedReservations(db, logger);
  // not under tests: the marketing and campaigns tests count their own lists and templates
  if (env.NODE_ENV !== 'test') await seedMarketing(db, logger, env.PUBLIC_URL?.replace(/\/+$/, ''));
  if (env.NODE_ENV !== 'test') await seedCampaigns(db, logger);
  await seedPos(db, logger);
  await seedAccounting(db, logger);
  await seedPromoCodes(db, logger);
  // not under tests: the loyalty tests start from a shop without a programme
  if (env.NODE_ENV !== 'test') await seedLoyalty(db, logger);
  logger?.info('demo data seeded');
  return true;
}

function pick(a: { email: string; username: string; firstname?: string; lastname?: string }) {
  return { email: a.email, username: a.username, firstname: a.firstname ?? null, lastname: a.lastname ?? null, language: 'fr' as const };
}
