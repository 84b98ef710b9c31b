/**
 * Demo opportunities. Idempotent and fast; never keeps the app from starting.
 */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { crmSettingsOf, defaultCrmSettings } from 'shared-kernel/contracts';
import type { Db } from '../platform/db/client';
import { shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { crmClients } from '../modules/clients';
import { opportunities, type OpportunityStatus } from '../modules/opportunities';

export async function seedOpportunities(db: Db, logger?: Logger): Promise<void> {
  try {
    const n = await seed(db);
    if (n) logger?.info({ opportunities: n }, 'demo opportunities seeded');
  } catch (err) {
    logger?.error({ err }, 'seedOpportunities failed: no demo opportunities data');
  }
}

interface Demo {
  title: string;
  /** index of the stage in the shop's pipeline */
  stage: number;
  euros: number;
  probability: number;
  /** days from today */
  day: number | null;
  /** followed by the demo agent, on one of his clients */
  agent?: boolean;
  status?: OpportunityStatus;
  lostReason?: string;
}

const DEMO: Demo[] = [
  { title: 'Carte des vins du restaurant', stage: 0, euros: 2400, probability: 20, day: 30 },
  { title: 'Cuvée privée pour un comité d’entreprise', stage: 0, euros: 5800, probability: 10, day: 60 },
  { title: 'Référencement chez le caviste', stage: 0, euros: 1500, probability: 30, day: 21, agent: true },
  { title: 'Coffrets de fin d’année', stage: 1, euros: 3200, probability: 40, day: 45 },
  { title: 'Vins au verre de la brasserie', stage: 1, euros: 1850, probability: 50, day: 14, agent: true },
  { title: 'Importateur belge : gamme complète', stage: 2, euros: 12500, probability: 60, day: 40 },
  { title: 'Mariage au domaine : vins du repas', stage: 2, euros: 2750.5, probability: 70, day: 20 },
  { title: 'Réassort primeurs du caviste', stage: 3, euros: 4100, probability: 90, day: 7, agent: true },
  { title: 'Salon des vins : commande groupée', stage: 3, euros: 6300, probability: 80, day: 10 },
  { title: 'Magnums pour l’hôtel', stage: 2, euros: 980, probability: 100, day: -10, status: 'won' },
  { title: 'Bag-in-box pour le bar à vins', stage: 1, euros: 1200, probability: 100, day: -20, status: 'won', agent: true },
  {
    title: 'Export Japon',
    stage: 2,
    euros: 9000,
    probability: 40,
    day: -15,
    status: 'lost',
    lostReason: 'Prix trop élevé pour l’importateur',
  },
];

const dayFromToday = (day: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + day);
  return d.toISOString().slice(0, 10);
};

/** About 12 opportunities of Domaine de Démo on its CRM clients, nothing once the shop has some. */
async function seed(db: Db): Promise<number> {
  const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo')).limit(1);
  if (!shop) return 0;
  const [{ n }] = await db.select({ n: count() }).from(opportunities).where(eq(opportunities.shopId, shop.id));
  if (n > 0) return 0;
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const owner = people.find((p) => p.email === 'owner@demo.test')?.id ?? null;
  const agent = people.find((p) => p.email === 'agent@demo.test')?.id ?? null;
  const clients = await db
    .select({ id: crmClients.id, agentUserId: crmClients.agentUserId })
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shop.id), ne(crmClients.status, 'erased')))
    .orderBy(asc(crmClients.id))
    .limit(40);
  if (!clients.length) return 0;
  const agentClients = clients.filter((c) => agent !== null && c.agentUserId === agent);
  const otherClients = clients.filter((c) => c.agentUserId === null || c.agentUserId !== agent);
  let stored = (shop.settings as Record<string, unknown> | null)?.crm;
  if (!stored) {
    // the demo shop's crm settings: the values its demo clients use (seed/crm.ts), so the settings screen and the
    // client form offer them
    const crm = defaultCrmSettings();
    crm.customFields.pipe.values = ['Client', 'À contacter', 'Contacté', 'Rendez-vous', 'Négociation'];
    crm.customFields.family.values = ['Amateur', 'Connaisseur', 'CHR', 'Cavistes'];
    crm.customFields.listTag.values = ['Salon 2026', 'Primeurs', 'Export', 'Fidèle'];
    await db
      .update(shops)
      .set({ settings: { ...((shop.settings as Record<string, unknown> | null) ?? {}), crm } })
      .where(eq(shops.id, shop.id));
    stored = crm;
  }
  const stages = crmSettingsOf(stored).opportunityStages;
  const positions = new Map<string, number>();
  let a = 0;
  let o = 0;
  const rows = DEMO.map((d) => {
    const stage = stages[Math.min(d.stage, stages.length - 1)].key;
    const byAgent = d.agent === true && agentClients.length > 0 && agent !== null;
    const client = byAgent
      ? agentClients[a++ % agentClients.length]
      : (otherClients.length ? otherClients : clients)[o++ % (otherClients.length || clients.length)];
    const status = d.status ?? 'open';
    const position = positions.get(`${status}:${stage}`) ?? 0;
    positions.set(`${status}:${stage}`, position + 1);
    return {
      shopId: shop.id,
      clientId: client.id,
      title: d.title,
      stage,
      position,
      amountCents: Math.round(d.euros * 100),
      probability: d.probability,
      expectedDate: d.day === null ? null : dayFromToday(d.day),
      ownerId: byAgent ? agent : owner,
      status,
      lostReason: d.lostReason ?? null,
      createdBy: owner,
      closedAt: status === 'open' ? null : new Date(`${dayFromToday(d.day ?? 0)}T10:00:00.000Z`),
    };
  });
  await db.insert(opportunities).values(rows);
  return rows.length;
}
