import type { CalendarItem, Paginated, Task, TaskAssignee, TaskSaved, TaskValues } from 'shared-kernel/contracts';
import { TASK_MESSAGES as M } from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { hasPermission } from '../../platform/auth/scope';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import * as repo from './tasks.repository';

export const TASK_NOTIFICATIONS = { newTask: 'newTask', taskCompleted: 'taskCompleted' } as const;

const iso = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

function nameOf(first: string | null, last: string | null, username: string | null): string {
  const full = [first, last].filter(Boolean).join(' ').trim();
  return full || username || '—';
}

function toTask(r: repo.TaskListRow): Task {
  const t = r.task;
  const clientName =
    t.clientId === null
      ? null
      : r.clientCompany || [r.clientFirstname, r.clientLastname].filter(Boolean).join(' ').trim() || `Client ${t.clientId}`;
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    clientId: t.clientId,
    clientName,
    priority: t.priority,
    activity: t.activity,
    dueAt: iso(t.dueAt),
    allDay: t.allDay,
    durationMinutes: t.durationMinutes,
    assignee:
      t.assigneeUserId === null
        ? null
        : { id: t.assigneeUserId, name: nameOf(r.assigneeFirstname, r.assigneeLastname, r.assigneeUsername) },
    createdBy: t.createdBy === null ? null : { id: t.createdBy, name: nameOf(r.creatorFirstname, r.creatorLastname, r.creatorUsername) },
    done: t.doneAt !== null,
    doneAt: iso(t.doneAt),
    overdue: Boolean(r.overdue),
    createdAt: iso(t.createdAt)!,
    updatedAt: iso(t.updatedAt)!,
  };
}

/** An all-day task is kept at 00:00 UTC of its day; a time keeps its instant. */
function dueDate(value: string | null, allDay: boolean): Date | null {
  if (value === null) return null;
  if (allDay) return new Date(`${value.slice(0, 10)}T00:00:00.000Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
}

const isAllDayValue = (value: string | null) => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The caller's view of the shop's tasks (§6): owners and iam with seeAllTask see all; agents and other iam their own. */
export function viewerOf(member: ShopMemberRow): repo.TaskViewer {
  const all = member.kind === 'owner' || (member.kind === 'iam' && hasPermission(member, 'seeAllTask'));
  return { shopId: member.shopId, userId: member.userId, all };
}

const formatDay = (d: Date) => d.toISOString().slice(0, 10);

export function createTasksService({ db }: { db: Db }) {
  async function load(tx: DbOrTx, v: repo.TaskViewer, id: number): Promise<repo.TaskListRow> {
    const row = await repo.findTask(tx, v, id);
    if (!row) throw notFound(M.taskNotFound);
    return row;
  }

  async function actorName(tx: DbOrTx, userId: number): Promise<string> {
    const u = await repo.userName(tx, userId);
    return u ? nameOf(u.firstname, u.lastname, u.username) : "Quelqu'un";
  }

  /** Checks the client and the assignee of a body; answers the assignee to store. */
  async function checkRefs(tx: DbOrTx, member: ShopMemberRow, body: TaskValues, current?: number | null): Promise<number | null> {
    if (body.clientId !== null && !(await repo.clientOfShop(tx, member.shopId, body.clientId)))
      throw badRequest(M.clientNotFound, 'clientId');
    const assignee = body.assigneeUserId === undefined ? (current !== undefined ? current : member.userId) : body.assigneeUserId;
    if (member.kind === 'agent' && assignee !== member.userId) throw badRequest(M.agentAssignee, 'assigneeUserId');
    if (assignee !== null && !(await repo.isTeamMember(tx, member.shopId, assignee))) throw badRequest(M.assignee, 'assigneeUserId');
    return assignee;
  }

  async function notifyNewTask(tx: DbOrTx, actorId: number, assigneeId: number | null, taskId: number, title: string) {
    if (assigneeId === null || assigneeId === actorId) return; // nobody to tell about their own task
    await repo.notify(tx, {
      userId: assigneeId,
      type: TASK_NOTIFICATIONS.newTask,
      content: `${await actorName(tx, actorId)} vous a confié la tâche « ${title} »`,
      redirectLink: `/dashboard/tasks?task=${taskId}`,
    });
  }

  return {
    async list(member: ShopMemberRow, q: repo.TasksQuery): Promise<Paginated<Task>> {
      const [rows, total] = await repo.listTasks(db, viewerOf(member), q);
      return paginated(rows.map(toTask), total, q);
    },

    async get(member: ShopMemberRow, id: number): Promise<Task> {
      return toTask(await load(db, viewerOf(member), id));
    },

    async assignees(member: ShopMemberRow): Promise<TaskAssignee[]> {
      const rows = await repo.teamMembers(db, member.shopId);
      const list = rows.map((r) => ({ id: r.id, name: nameOf(r.firstname, r.lastname, r.username), kind: r.kind as TaskAssignee['kind'] }));
      // an agent only assigns to themselves
      return member.kind === 'agent' ? list.filter((a) => a.id === member.userId) : list;
    },

    async create(member: ShopMemberRow, body: TaskValues): Promise<TaskSaved> {
      // §6 createTask; an agent may create tasks for themselves
      if (member.kind === 'iam' && !hasPermission(member, 'createTask')) throw forbidden();
      return db.transaction(async (tx) => {
        const assigneeUserId = await checkRefs(tx, member, body);
        const allDay = body.allDay || isAllDayValue(body.dueAt);
        const row = await repo.insertTask(tx, {
          shopId: member.shopId,
          title: body.title,
          description: body.description,
          clientId: body.clientId,
          priority: body.priority,
          activity: body.activity,
          dueAt: dueDate(body.dueAt, allDay),
          allDay: body.dueAt === null ? false : allDay,
          durationMinutes: body.durationMinutes,
          assigneeUserId,
          createdBy: member.userId,
        });
        await notifyNewTask(tx, member.userId, assigneeUserId, row.id, row.title);
        return { ...toTask(await load(tx, viewerOf(member), row.id)), message: M.created };
      });
    },

    async update(member: ShopMemberRow, id: number, body: TaskValues): Promise<TaskSaved> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        const current = (await load(tx, v, id)).task;
        const assigneeUserId = await checkRefs(tx, member, body, current.assigneeUserId);
        const allDay = body.allDay || isAllDayValue(body.dueAt);
        await repo.updateTask(tx, member.shopId, id, {
          title: body.title,
          description: body.description,
          clientId: body.clientId,
          priority: body.priority,
          activity: body.activity,
          dueAt: dueDate(body.dueAt, allDay),
          allDay: body.dueAt === null ? false : allDay,
          durationMinutes: body.durationMinutes,
          assigneeUserId,
        });
        if (assigneeUserId !== current.assigneeUserId) await notifyNewTask(tx, member.userId, assigneeUserId, id, body.title);
        // the creator keeps it visible; a new assignee that is not the caller may make it invisible to an agent/iam
        const after = await repo.findTask(tx, { ...v, all: true }, id);
        return { ...toTask(after!), message: M.updated };
      });
    },

    async setDone(member: ShopMemberRow, id: number, done: boolean): Promise<TaskSaved> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        const t = (await load(tx, v, id)).task;
        if (done && t.doneAt === null) {
          const now = new Date();
          await repo.updateTask(tx, member.shopId, id, { doneAt: now, doneBy: member.userId });
          if (t.clientId !== null)
            await repo.addTaskInteraction(tx, {
              shopId: member.shopId,
              clientId: t.clientId,
              taskId: id,
              content: t.title,
              userId: member.userId,
              occurredAt: now,
            });
          if (t.createdBy !== null && t.createdBy !== member.userId)
            await repo.notify(tx, {
              userId: t.createdBy,
              type: TASK_NOTIFICATIONS.taskCompleted,
              content: `${await actorName(tx, member.userId)} a terminé la tâche « ${t.title} »`,
              redirectLink: `/dashboard/tasks?task=${id}`,
            });
        } else if (!done && t.doneAt !== null) {
          await repo.updateTask(tx, member.shopId, id, { doneAt: null, doneBy: null });
          await repo.removeTaskInteractions(tx, member.shopId, id);
        }
        return { ...toTask(await load(tx, v, id)), message: done ? M.done : M.undone };
      });
    },

    async reschedule(member: ShopMemberRow, id: number, body: { dueAt: string; allDay?: boolean }): Promise<TaskSaved> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        await load(tx, v, id);
        const allDay = body.allDay ?? isAllDayValue(body.dueAt);
        await repo.updateTask(tx, member.shopId, id, { dueAt: dueDate(body.dueAt, allDay), allDay });
        return { ...toTask(await load(tx, v, id)), message: M.rescheduled };
      });
    },

    async remove(member: ShopMemberRow, id: number): Promise<{ success: true; message: string }> {
      await db.transaction(async (tx) => {
        await load(tx, viewerOf(member), id);
        await repo.removeTaskInteractions(tx, member.shopId, id);
        await repo.deleteTask(tx, member.shopId, id);
      });
      return { success: true, message: M.deleted };
    },

    /** The calendar feed: visible tasks with a due date; for owner/iam the shop's event slots and reservations. */
    async calendar(member: ShopMemberRow, range: { from: Date; to: Date }): Promise<CalendarItem[]> {
      const v = viewerOf(member);
      const staff = member.kind !== 'agent';
      const seeSlots = staff && (hasPermission(member, 'accessEvent') || hasPermission(member, 'seeAllResa'));
      const seeResas = staff && hasPermission(member, 'seeAllResa');
      const [taskRows, slots, resas] = await Promise.all([
        repo.tasksInRange(db, v, range.from, range.to),
        seeSlots ? repo.slotsInRange(db, member.shopId, range.from, range.to) : Promise.resolve([]),
        seeResas ? repo.reservationsInRange(db, member.shopId, range.from, range.to) : Promise.resolve([]),
      ]);
      const items: CalendarItem[] = [];
      for (const r of taskRows) {
        const t = r.task;
        const start = t.dueAt!;
        items.push({
          kind: 'task',
          id: `task-${t.id}`,
          refId: t.id,
          title: t.title,
          start: t.allDay ? formatDay(start) : start.toISOString(),
          end: t.allDay ? null : new Date(start.getTime() + (t.durationMinutes ?? 30) * 60_000).toISOString(),
          allDay: t.allDay,
          link: `/dashboard/tasks?task=${t.id}`,
          done: t.doneAt !== null,
          priority: t.priority,
        });
      }
      for (const s of slots)
        items.push({
          kind: 'slot',
          id: `slot-${s.id}`,
          refId: s.id,
          title: `${s.title}${s.name ? ` · ${s.name}` : ''} (${s.places - s.placesLeft}/${s.places})`,
          start: s.startsAt.toISOString(),
          end: s.endsAt.toISOString(),
          allDay: false,
          link: `/dashboard/reservations/events/${s.eventId}`,
        });
      for (const o of resas)
        items.push({
          kind: 'reservation',
          id: `reservation-${o.orderId}-${o.slotId}`,
          refId: o.orderId,
          title: `${o.buyerName} · ${o.title} (${o.quantity} pers.)`,
          start: o.startsAt.toISOString(),
          end: o.endsAt.toISOString(),
          allDay: false,
          link: `/dashboard/reservations/${o.orderId}`,
        });
      return items;
    },
  };
}
