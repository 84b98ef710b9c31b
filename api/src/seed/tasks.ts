import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { clientInteractions, crmClients } from '../modules/clients';
import { tasks, type TaskActivity, type TaskPriority } from '../modules/tasks';

type Who = 'owner' | 'iam' | 'agent';
interface DemoTask {
  title: string;
  /** days from today (negative: overdue), null = no due date */
  day: number | null;
  /** hh:mm, or all day */
  time?: string;
  who: Who;
  by?: Who;
  priority: TaskPriority;
  activity: TaskActivity;
  client?: number;
  done?: boolean;
  description?: string;
}

const DEMO: DemoTask[] = [
  { title: 'Rappeler pour la commande de Noël', day: -3, time: '10:00', who: 'owner', priority: 'high', activity: 'phone', client: 0 },
  { title: 'Envoyer le tarif professionnel 2025', day: -2, who: 'iam', by: 'owner', priority: 'medium', activity: 'email', client: 1 },
  {
    title: 'Relancer le devis du restaurant',
    day: -1,
    time: '15:30',
    who: 'agent',
    by: 'owner',
    priority: 'high',
    activity: 'phone',
    client: 2,
  },
  { title: 'Préparer la commande du salon', day: -5, who: 'owner', priority: 'low', activity: 'orderPreparation' },
  {
    title: 'Dégustation avec le caviste',
    day: 0,
    time: '11:00',
    who: 'agent',
    by: 'owner',
    priority: 'high',
    activity: 'tasting',
    client: 3,
  },
  { title: 'Appeler le transporteur', day: 0, time: '09:00', who: 'owner', priority: 'medium', activity: 'phone' },
  { title: 'Mettre à jour les fiches produits', day: 0, who: 'iam', priority: 'low', activity: 'other' },
  { title: 'Visite du domaine pour un groupe', day: 0, time: '14:00', who: 'owner', by: 'iam', priority: 'medium', activity: 'tour' },
  {
    title: 'Rendez-vous avec le nouvel importateur',
    day: 1,
    time: '10:30',
    who: 'owner',
    priority: 'high',
    activity: 'meeting',
    client: 4,
  },
  { title: 'Tournée des restaurants de Beaune', day: 2, who: 'agent', priority: 'medium', activity: 'visit' },
  { title: 'Animation en boutique', day: 3, time: '16:00', who: 'iam', by: 'owner', priority: 'medium', activity: 'animation' },
  { title: 'Salon des vins de Paris : réserver le stand', day: 5, who: 'owner', priority: 'high', activity: 'salon' },
  { title: 'Petit-déjeuner des professionnels', day: 7, time: '08:30', who: 'owner', priority: 'low', activity: 'breakfast' },
  {
    title: 'Présenter les nouveautés au client',
    day: 9,
    time: '11:00',
    who: 'agent',
    by: 'owner',
    priority: 'medium',
    activity: 'visit',
    client: 5,
  },
  { title: 'Préparer la commande export', day: 12, who: 'iam', priority: 'medium', activity: 'orderPreparation', client: 6 },
  { title: 'Faire le point sur les objectifs', day: null, who: 'owner', priority: 'low', activity: 'meeting' },
  { title: 'Trier les cartes de visite du salon', day: null, who: 'agent', priority: 'low', activity: 'other' },
  { title: 'Envoyer les photos du millésime', day: -6, who: 'owner', priority: 'medium', activity: 'email', client: 7, done: true },
  {
    title: 'Appeler la cave pour le réassort',
    day: -4,
    time: '10:00',
    who: 'agent',
    by: 'owner',
    priority: 'high',
    activity: 'phone',
    client: 8,
    done: true,
  },
  { title: 'Dégustation de printemps', day: -8, who: 'iam', priority: 'medium', activity: 'tasting', done: true },
];

function at(day: number, time: string | undefined): Date {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + day);
  const ymd = d.toISOString().slice(0, 10);
  // times are Paris wall-clock hours (UTC+1/+2): written as UTC+1, good enough for demo data
  return time ? new Date(`${ymd}T${time}:00+01:00`) : new Date(`${ymd}T00:00:00.000Z`);
}

/**
 * Demo tasks of Domaine de Démo: ~20 tasks, overdue, today, upcoming, done, for the owner, the iam and the
 * agent, some linked to the shop's CRM clients when there are any (the clients seed runs first). Idempotent: nothing
 * is done once the shop has tasks.
 */
export async function seedTasks(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo')).limit(1);
  if (!shop) return;
  const [{ n }] = await db.select({ n: count() }).from(tasks).where(eq(tasks.shopId, shop.id));
  if (n > 0) return;
  const members = await db
    .select({ id: users.id, email: users.email, kind: shopMembers.kind })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(eq(shopMembers.shopId, shop.id));
  const idOf = (who: Who): number | null =>
    members.find((m) => m.email === `${who}@demo.test`)?.id ?? members.find((m) => m.kind === who)?.id ?? null;
  const owner = idOf('owner');
  if (owner === null) return;
  const clients = await db
    .select({ id: crmClients.id })
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shop.id), ne(crmClients.status, 'erased')))
    .orderBy(asc(crmClients.id))
    .limit(20);

  const rows = DEMO.map((t) => {
    const due = t.day === null ? null : at(t.day, t.time);
    const assignee = idOf(t.who) ?? owner;
    return {
      shopId: shop.id,
      title: t.title,
      description: t.description ?? null,
      clientId: t.client !== undefined && clients.length ? clients[t.client % clients.length].id : null,
      priority: t.priority,
      activity: t.activity,
      dueAt: due,
      allDay: due !== null && !t.time,
      durationMinutes: t.time ? 60 : null,
      assigneeUserId: assignee,
      createdBy: t.by ? (idOf(t.by) ?? owner) : assignee,
      doneAt: t.done && due ? due : null,
      doneBy: t.done ? assignee : null,
    };
  });
  await db.transaction(async (tx) => {
    const saved = await tx.insert(tasks).values(rows).returning();
    // a done task of a client is on the client's timeline (as POST /tasks/:id/done does)
    const timeline = saved
      .filter((t) => t.doneAt !== null && t.clientId !== null)
      .map((t) => ({
        shopId: shop.id,
        clientId: t.clientId!,
        kind: 'task' as const,
        content: t.title,
        taskId: t.id,
        userId: t.doneBy,
        occurredAt: t.doneAt!,
      }));
    if (timeline.length) await tx.insert(clientInteractions).values(timeline);
  });
  logger?.info({ tasks: rows.length }, 'demo tasks seeded');
}
