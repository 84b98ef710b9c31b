import { eq, inArray } from 'drizzle-orm';
import { frenchVatNumber, isValidSiren, isValidSiret } from 'shared-kernel/domain';
import type { Db } from '../platform/db/client';
import { shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { clientCode, clientInteractions, crmClients, departmentOf, type ClientAddress, type CrmClientRow } from '../modules/clients';

/**
 * Demo client file of Domaine de Démo: about 60 clients of every kind and typology, one linked to the demo
 * buyer, 15 assigned to the demo agent, prospects in several departments, a few interactions. Idempotent (nothing is
 * done once the shop has clients) and fast: two bulk inserts. It runs in every api test's createTestContext.
 */
export async function seedCrm(db: Db, logger?: Logger): Promise<void> {
  // demo data must never keep the app (or another module's tests) from starting
  try {
    await seed(db, logger);
  } catch (err) {
    logger?.error({ err }, 'seedCrm failed: no demo clients');
  }
}

const FIRST = [
  'Camille',
  'Louis',
  'Chloé',
  'Hugo',
  'Léa',
  'Jules',
  'Manon',
  'Arthur',
  'Inès',
  'Paul',
  'Emma',
  'Lucas',
  'Sarah',
  'Noah',
  'Alice',
  'Gabriel',
  'Zoé',
  'Adam',
  'Jeanne',
  'Tom',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
];
const COMPANIES = [
  'Restaurant Le Bouchon',
  'Cave Saint-Vincent',
  'Hôtel des Vignes',
  'Bistrot du Marché',
  'Épicerie Fine Lucienne',
  'Bar à Vins Le Comptoir',
  'Grossiste Boissons Rhône',
  'La Table de Marie',
  'Caviste des Halles',
  'Brasserie du Port',
  'Auberge du Lac',
  'Comptoir des Crus',
  'Le Cellier Gourmand',
  'Vins & Terroirs Import',
  'CE Aéronautique Sud',
  'Maison Delorme Traiteur',
  'La Cave à Fromages',
  'Les Caves du Château',
  'Restaurant La Treille',
  'Domaine Hôtelier Bellevue',
  'Bar Le Zinc',
  'Épicerie Bio du Centre',
  'Cave Coopérative Voisine',
  'Golf Club Restaurant',
  'Association Œnophile de Beaune',
];
const PROSPECTS = [
  'Restaurant Les Saveurs',
  'Cave de la Gare',
  'Hôtel du Parc',
  'Bistrot des Amis',
  'Wine Bar Canopée',
  'Traiteur Gaillard',
  'Le Petit Sommelier',
  'Caviste Ajaccien',
  'Rhum & Vins Réunion',
  'Épicerie Le Panier',
  'Brasserie Alsacienne',
  'Cave Champenoise',
  'Restaurant Le Vieux Port',
  'Bar Le Central',
  'Hôtel Les Remparts',
];
const PLACES = [
  { zipcode: '69002', city: 'Lyon' },
  { zipcode: '21200', city: 'Beaune' },
  { zipcode: '75011', city: 'Paris' },
  { zipcode: '33000', city: 'Bordeaux' },
  { zipcode: '13002', city: 'Marseille' },
  { zipcode: '20000', city: 'Ajaccio' },
  { zipcode: '97400', city: 'Saint-Denis' },
  { zipcode: '51100', city: 'Reims' },
  { zipcode: '67000', city: 'Strasbourg' },
  { zipcode: '73200', city: 'Albertville', mountain: true },
];
const PIPES = ['À contacter', 'Contacté', 'Rendez-vous', 'Négociation'];
const STREETS = [
  'rue de la République',
  'avenue des Vignes',
  'place du Marché',
  'rue Victor Hugo',
  'boulevard Pasteur',
  'quai Saint-Antoine',
];

/**
 * A company's identifiers from 8 digits: a SIREN whose 9th digit is its Luhn key, its head office's SIRET (NIC 0001 +
 * the key that makes the 14 digits pass Luhn) and the French VAT number built on that SIREN.
 */
function companyIds(base8: string): { siret: string; vatNumber: string } {
  const siren = [...'0123456789'].map((d) => base8 + d).find(isValidSiren)!;
  const siret = [...'0123456789'].map((d) => `${siren}0001${d}`).find(isValidSiret)!;
  return { siret, vatNumber: frenchVatNumber(siren) };
}
const mobile = (i: number) =>
  `06 ${String(10 + (i % 89)).padStart(2, '0')} ${String(20 + ((i * 7) % 79)).padStart(2, '0')} ${String(30 + ((i * 3) % 69)).padStart(2, '0')} ${String(40 + ((i * 11) % 59)).padStart(2, '0')}`;
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

function address(i: number, name: string, pro: boolean): ClientAddress {
  const place = PLACES[i % PLACES.length];
  return {
    kind: 'delivery',
    isDefault: true,
    name,
    streetNumber: String(1 + ((i * 7) % 80)),
    street: STREETS[i % STREETS.length],
    zipcode: place.zipcode,
    city: place.city,
    country: 'FR',
    mountain: !!place.mountain,
    exciseNumber: pro && i % 4 === 0 ? `FR0${String(1000000 + i * 7919).slice(0, 7)}E0${i % 10}` : null,
  };
}

async function seed(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  if ((await db.select({ id: crmClients.id }).from(crmClients).where(eq(crmClients.shopId, shop.id)).limit(1)).length) return;
  const people = await db
    .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(inArray(users.email, ['owner@demo.test', 'agent@demo.test', 'buyer@demo.test']));
  const who = (email: string) => people.find((p) => p.email === email);
  const owner = who('owner@demo.test');
  const agent = who('agent@demo.test');
  const buyer = who('buyer@demo.test');
  const typologyIds = ((shop.typologies ?? []) as unknown as { id: string; public?: boolean }[]).map((t) => t.id);
  const privateTypology = typologyIds.includes('particulier') ? 'particulier' : (typologyIds[0] ?? null);
  const proTypology = typologyIds.includes('professionnel') ? 'professionnel' : (typologyIds[1] ?? privateTypology);
  const prefix = 'CL';
  const now = Date.now();
  const day = 86_400_000;

  const rows: (typeof crmClients.$inferInsert)[] = [];
  let n = 0;
  const push = (v: Omit<typeof crmClients.$inferInsert, 'shopId' | 'code' | 'department'>) => {
    n += 1;
    rows.push({
      ...v,
      shopId: shop.id,
      code: clientCode(prefix, n),
      department: departmentOf(v.addresses ?? []),
      createdBy: owner?.id ?? null,
      createdAt: new Date(now - (90 - n) * day),
    });
  };

  // private clients (the first is the demo buyer: the same person ordering on the shop)
  for (let i = 0; i < 20; i++) {
    const isBuyer = i === 0 && !!buyer;
    const firstname = isBuyer ? (buyer!.firstname ?? 'Béatrice') : FIRST[i];
    const lastname = isBuyer ? (buyer!.lastname ?? 'Acheteuse') : LAST[(i * 3) % LAST.length];
    push({
      kind: 'private',
      typology: privateTypology,
      civility: i % 2 ? 'mr' : 'mrs',
      firstname,
      lastname,
      email: isBuyer ? buyer!.email : `${slug(firstname)}.${slug(lastname)}${i}@client.test`,
      mobile: mobile(i),
      addresses: [address(i, `${firstname} ${lastname}`, false)],
      tags: i % 3 === 0 ? ['Fidèle'] : i % 5 === 0 ? ['Salon 2025'] : [],
      custom: { family: i % 2 ? 'Amateur' : 'Connaisseur', listTag: [], listTag2: [] },
      marketingConsent: i % 2 === 0,
      marketingConsentAt: i % 2 === 0 ? new Date(now - 60 * day) : null,
      userId: isBuyer ? buyer!.id : null,
      notes: i === 0 ? 'Préfère les blancs de Bourgogne. Retrait au domaine.' : null,
    });
  }
  // professionals: 6 of them followed by the demo agent
  for (let i = 0; i < COMPANIES.length; i++) {
    const company = COMPANIES[i];
    const contactFirst = FIRST[(i + 5) % FIRST.length];
    const contactLast = LAST[(i + 7) % LAST.length];
    push({
      kind: 'professional',
      typology: proTypology,
      civility: 'company',
      firstname: contactFirst,
      lastname: contactLast,
      company,
      ...companyIds(String(40000000 + i * 765_432).slice(0, 8)),
      email: `contact@${slug(company)}.test`,
      phone: mobile(100 + i),
      addresses: [
        address(i + 3, company, true),
        { ...address(i + 3, company, true), kind: 'billing', isDefault: true, exciseNumber: null },
      ],
      contacts: [
        {
          civility: 'mr',
          firstname: contactFirst,
          lastname: contactLast,
          email: `${slug(contactFirst)}@${slug(company)}.test`,
          phone: mobile(200 + i),
          role: 'Gérant',
        },
        ...(i % 3 === 0
          ? [
              {
                civility: 'mrs',
                firstname: FIRST[(i + 11) % FIRST.length],
                lastname: LAST[(i + 2) % LAST.length],
                email: null,
                phone: null,
                role: 'Sommelière',
              },
            ]
          : []),
      ],
      tags: i % 4 === 0 ? ['CHR'] : i % 4 === 1 ? ['Caviste'] : [],
      custom: { family: i % 2 ? 'CHR' : 'Cavistes', pipe: 'Client', listTag: [], listTag2: [] },
      agentUserId: agent && i < 6 ? agent.id : null,
      status: i === COMPANIES.length - 1 ? 'archived' : 'active',
      marketingConsent: true,
      marketingConsentAt: new Date(now - 120 * day),
    });
  }
  // prospects, in several departments: 9 of them followed by the demo agent
  for (let i = 0; i < PROSPECTS.length; i++) {
    const company = PROSPECTS[i];
    push({
      kind: 'prospect',
      typology: proTypology,
      civility: 'company',
      firstname: FIRST[(i + 9) % FIRST.length],
      lastname: LAST[(i + 13) % LAST.length],
      company,
      email: i % 3 === 2 ? null : `bonjour@${slug(company)}.test`,
      phone: mobile(300 + i),
      addresses: [address(i, company, true)],
      custom: { pipe: PIPES[i % PIPES.length], family: 'CHR', listTag: [], listTag2: [] },
      tags: i % 5 === 0 ? ['Salon 2025'] : [],
      agentUserId: agent && i < 9 ? agent.id : null,
    });
  }

  await db.transaction(async (tx) => {
    const inserted: CrmClientRow[] = await tx.insert(crmClients).values(rows).returning();
    const by = (kind: CrmClientRow['kind']) => inserted.filter((c) => c.kind === kind);
    const interactions: (typeof clientInteractions.$inferInsert)[] = [];
    const add = (c: CrmClientRow, kind: (typeof clientInteractions.$inferInsert)['kind'], content: string, daysAgo: number) =>
      interactions.push({
        shopId: shop.id,
        clientId: c.id,
        kind,
        content,
        occurredAt: new Date(now - daysAgo * day),
        userId: (c.agentUserId ?? owner?.id) || null,
      });
    by('professional')
      .slice(0, 8)
      .forEach((c, i) => {
        add(c, 'visit', 'Présentation de la nouvelle cuvée, dégustation des blancs.', 40 - i);
        add(c, 'call', 'Relance pour la commande de fin de mois.', 12 - i);
        if (i % 2 === 0) add(c, 'email', 'Envoi du tarif professionnel 2026.', 5);
      });
    by('prospect')
      .slice(0, 8)
      .forEach((c, i) => {
        add(c, 'call', 'Premier contact : intéressé par nos rouges, rappeler dans 15 jours.', 20 - i);
        if (i % 2 === 0) add(c, 'visit', 'Visite sur place avec échantillons.', 8 - (i % 5));
      });
    by('private')
      .slice(0, 3)
      .forEach((c) => add(c, 'note', 'Client venu à la journée portes ouvertes.', 30));
    if (interactions.length) await tx.insert(clientInteractions).values(interactions);
  });
  logger?.info({ clients: rows.length }, 'demo clients seeded');
}
