import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { notifications, shopMembers, users } from '../../platform/db/tables';
import { containsPattern, type ListQuery } from '../../platform/list-query';
import { eventSlots, events } from '../catalog';
import { clientInteractions, crmClients } from '../clients';
import { orderLines, orders } from '../orders';
import { tasks, type TaskActivity, type TaskPriority, type TaskRow } from './tasks.tables';

/** Every query of the tasks module. */

export type TasksQuery = ListQuery<
  'dueAt' | 'priority' | 'createdAt',
  {
    status?: 'todo' | 'done' | 'overdue';
    assigneeUserId?: 'me' | number;
    clientId?: number;
    priority?: TaskPriority;
    activity?: TaskActivity;
    from?: Date;
    to?: Date;
  }
>;

/** Who reads: everything of the shop (`all`), or only the tasks assigned to or created by `userId`. */
export interface TaskViewer {
  shopId: number;
  userId: number;
  all: boolean;
}

const assignee = alias(users, 'task_assignee');
const creator = alias(users, 'task_creator');

/** The instant after which a task is late: its time, or the end of its day for an all-day task. */
const deadline = sql`(case when ${tasks.allDay} then ${tasks.dueAt} + interval '1 day' else ${tasks.dueAt} end)`;
export const overdueSql = and(isNull(tasks.doneAt), isNotNull(tasks.dueAt), sql`${deadline} < now()`)!;
const priorityRank = sql`(case ${tasks.priority} when 'high' then 3 when 'medium' then 2 else 1 end)`;

export function visibleWhere(v: TaskViewer): SQL {
  const shop = eq(tasks.shopId, v.shopId);
  return v.all ? shop : and(shop, or(eq(tasks.assigneeUserId, v.userId), eq(tasks.createdBy, v.userId)))!;
}

const taskColumns = {
  task: tasks,
  clientCompany: crmClients.company,
  clientFirstname: crmClients.firstname,
  clientLastname: crmClients.lastname,
  assigneeFirstname: assignee.firstname,
  assigneeLastname: assignee.lastname,
  assigneeUsername: assignee.username,
  creatorFirstname: creator.firstname,
  creatorLastname: creator.lastname,
  creatorUsername: creator.username,
  overdue: sql<boolean>`coalesce(${overdueSql}, false)`,
};

export type TaskListRow = {
  task: TaskRow;
  clientCompany: string | null;
  clientFirstname: string | null;
  clientLastname: string | null;
  assigneeFirstname: string | null;
  assigneeLastname: string | null;
  assigneeUsername: string | null;
  creatorFirstname: string | null;
  creatorLastname: string | null;
  creatorUsername: string | null;
  overdue: boolean;
};

function selectTasks(db: DbOrTx) {
  return db
    .select(taskColumns)
    .from(tasks)
    .leftJoin(crmClients, eq(crmClients.id, tasks.clientId))
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeUserId))
    .leftJoin(creator, eq(creator.id, tasks.createdBy));
}

function listWhere(v: TaskViewer, q: TasksQuery): SQL {
  const f = q.filters;
  const parts: (SQL | undefined)[] = [visibleWhere(v)];
  if (q.q) parts.push(ilike(tasks.title, containsPattern(q.q)));
  if (f.status === 'done') parts.push(isNotNull(tasks.doneAt));
  if (f.status === 'todo') parts.push(isNull(tasks.doneAt));
  if (f.status === 'overdue') parts.push(overdueSql);
  if (f.assigneeUserId !== undefined) parts.push(eq(tasks.assigneeUserId, f.assigneeUserId === 'me' ? v.userId : f.assigneeUserId));
  if (f.clientId !== undefined) parts.push(eq(tasks.clientId, f.clientId));
  if (f.priority) parts.push(eq(tasks.priority, f.priority));
  if (f.activity) parts.push(eq(tasks.activity, f.activity));
  if (f.from) parts.push(gte(tasks.dueAt, f.from));
  if (f.to) parts.push(lt(tasks.dueAt, f.to));
  return and(...parts)!;
}

function orderOf(q: TasksQuery): SQL[] {
  const desc_ = q.sort.direction === 'desc';
  const dir = desc_ ? desc : asc;
  switch (q.sort.column) {
    case 'priority':
      return [sql`${priorityRank} ${sql.raw(desc_ ? 'desc' : 'asc')}`, sql`${tasks.dueAt} asc nulls last`, asc(tasks.id)];
    case 'createdAt':
      return [dir(tasks.createdAt), dir(tasks.id)];
    default:
      // tasks without a due date last, whichever the direction
      return [sql`${tasks.dueAt} ${sql.raw(desc_ ? 'desc' : 'asc')} nulls last`, dir(tasks.id)];
  }
}

export async function listTasks(db: DbOrTx, v: TaskViewer, q: TasksQuery): Promise<[TaskListRow[], number]> {
  const where = listWhere(v, q);
  const [rows, [{ n }]] = await Promise.all([
    selectTasks(db)
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return [rows, n];
}

export async function findTask(db: DbOrTx, v: TaskViewer, id: number): Promise<TaskListRow | undefined> {
  const [row] = await selectTasks(db)
    .where(and(visibleWhere(v), eq(tasks.id, id)))
    .limit(1);
  return row;
}

/** Tasks with a due date in [from, to) visible to `v` (calendar). */
export async function tasksInRange(db: DbOrTx, v: TaskViewer, from: Date, to: Date): Promise<TaskListRow[]> {
  return selectTasks(db)
    .where(and(visibleWhere(v), isNotNull(tasks.dueAt), lt(tasks.dueAt, to), sql`${deadline} > ${from.toISOString()}`))
    .orderBy(asc(tasks.dueAt))
    .limit(2000);
}

export async function insertTask(db: DbOrTx, values: typeof tasks.$inferInsert): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row;
}

export async function updateTask(db: DbOrTx, shopId: number, id: number, values: Partial<typeof tasks.$inferInsert>): Promise<void> {
  await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tasks.shopId, shopId), eq(tasks.id, id)));
}

export async function deleteTask(db: DbOrTx, shopId: number, id: number): Promise<void> {
  await db.delete(tasks).where(and(eq(tasks.shopId, shopId), eq(tasks.id, id)));
}

/** Owner, iam and agent members of the shop (who a task can be assigned to). */
export async function teamMembers(db: DbOrTx, shopId: number) {
  return db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      username: users.username,
      kind: shopMembers.kind,
    })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.shopId, shopId), inArray(shopMembers.kind, ['owner', 'iam', 'agent'])))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
}

export async function isTeamMember(db: DbOrTx, shopId: number, userId: number): Promise<boolean> {
  const [m] = await db
    .select({ id: shopMembers.id })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId), inArray(shopMembers.kind, ['owner', 'iam', 'agent'])))
    .limit(1);
  return !!m;
}

export async function clientOfShop(db: DbOrTx, shopId: number, clientId: number): Promise<boolean> {
  const [c] = await db
    .select({ id: crmClients.id })
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shopId), eq(crmClients.id, clientId), ne(crmClients.status, 'erased')))
    .limit(1);
  return !!c;
}

export async function userName(db: DbOrTx, userId: number) {
  const [u] = await db
    .select({ firstname: users.firstname, lastname: users.lastname, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u;
}

export async function notify(db: DbOrTx, values: { userId: number; type: string; content: string; redirectLink: string }): Promise<void> {
  await db.insert(notifications).values(values);
}

/** The client's timeline entry of a done task (clients module table). */
export async function addTaskInteraction(
  db: DbOrTx,
  values: { shopId: number; clientId: number; taskId: number; content: string; userId: number; occurredAt: Date },
): Promise<void> {
  await db.insert(clientInteractions).values({ ...values, kind: 'task' });
}

export async function removeTaskInteractions(db: DbOrTx, shopId: number, taskId: number): Promise<void> {
  await db
    .delete(clientInteractions)
    .where(and(eq(clientInteractions.shopId, shopId), eq(clientInteractions.taskId, taskId), eq(clientInteractions.kind, 'task')));
}

/** Event slots of the shop overlapping [from, to). */
export async function slotsInRange(db: DbOrTx, shopId: number, from: Date, to: Date) {
  return db
    .select({
      id: eventSlots.id,
      eventId: eventSlots.eventId,
      name: eventSlots.name,
      startsAt: eventSlots.startsAt,
      endsAt: eventSlots.endsAt,
      places: eventSlots.places,
      placesLeft: eventSlots.placesLeft,
      title: events.title,
    })
    .from(eventSlots)
    .innerJoin(events, eq(events.id, eventSlots.eventId))
    .where(and(eq(eventSlots.shopId, shopId), lt(eventSlots.startsAt, to), sql`${eventSlots.endsAt} > ${from.toISOString()}`))
    .orderBy(asc(eventSlots.startsAt))
    .limit(2000);
}

const DEAD_ORDER = ['aborted', 'cancelled', 'expired', 'refused', 'draft', 'error'] as const;

/** Orders of the shop with a reservation line whose slot overlaps [from, to): one row per order and slot. */
export async function reservationsInRange(db: DbOrTx, shopId: number, from: Date, to: Date) {
  return db
    .selectDistinctOn([orders.id, eventSlots.id], {
      orderId: orders.id,
      number: orders.number,
      buyerName: orders.buyerName,
      slotId: eventSlots.id,
      startsAt: eventSlots.startsAt,
      endsAt: eventSlots.endsAt,
      title: events.title,
      quantity: sql<number>`sum(${orderLines.quantity}) over (partition by ${orders.id}, ${eventSlots.id})`.mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(eventSlots, eq(eventSlots.id, orderLines.slotId))
    .innerJoin(events, eq(events.id, eventSlots.eventId))
    .where(
      and(
        eq(orderLines.shopId, shopId),
        eq(orderLines.kind, 'reservation'),
        eq(orders.shopId, shopId),
        notInArray(orders.status, [...DEAD_ORDER]),
        lt(eventSlots.startsAt, to),
        sql`${eventSlots.endsAt} > ${from.toISOString()}`,
      ),
    )
    .orderBy(orders.id, eventSlots.id)
    .limit(2000);
}
