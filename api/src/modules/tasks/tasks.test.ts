import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { notifications, shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { eventSlots, events } from '../catalog';
import { clientInteractions, crmClients } from '../clients';
import { seedTasks } from '../../seed/tasks';
import { tasks } from './tasks.tables';

describe('tasks and calendar (modules/tasks)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let shopId: number;
  let ids: Record<'owner' | 'owner2' | 'iam' | 'agent', number>;
  let clientId: number;
  let otherShopClientId: number;
  const db = () => ctx.handle.db;

  const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const newTask = async (token: string, body: Record<string, unknown>) => {
    const res = await call('post', '/tasks', token, { title: 'Rappeler le client', ...body });
    expect(res.status).toBe(201);
    return res.body as { id: number; assignee: { id: number } | null; createdBy: { id: number } };
  };
  const notificationsOf = (userId: number, type: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const setIamRights = (rights: Record<string, boolean>) =>
    db()
      .update(shopMembers)
      .set({ authorizations: rights })
      .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    [owner, owner2, iam, agent] = await Promise.all(['owner', 'owner2', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const brasserieId = (await db().select().from(shops).where(eq(shops.urlShop, 'brasserie-demo')))[0].id;
    const all = await db().select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => all.find((u) => u.email === email)!.id;
    ids = { owner: idOf('owner@demo.test'), owner2: idOf('owner2@demo.test'), iam: idOf('iam@demo.test'), agent: idOf('agent@demo.test') };
    const [c] = await db()
      .insert(crmClients)
      .values({ shopId, firstname: 'Jeanne', lastname: 'Martin', company: 'Cave Martin' })
      .returning();
    clientId = c.id;
    const [o] = await db().insert(crmClients).values({ shopId: brasserieId, lastname: 'Ailleurs' }).returning();
    otherShopClientId = o.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('creates a task for another member and notifies them (newTask), never the creator about their own task', async () => {
    const before = (await notificationsOf(ids.owner, 'newTask')).length;
    const t = await newTask(owner, {
      title: 'Dégustation chez le caviste',
      assigneeUserId: ids.agent,
      clientId,
      activity: 'tasting',
      priority: 'high',
    });
    expect(t).toMatchObject({ assignee: { id: ids.agent }, createdBy: { id: ids.owner }, clientName: 'Cave Martin', done: false });
    const sent = await notificationsOf(ids.agent, 'newTask');
    expect(sent.find((n) => n.redirectLink === `/dashboard/tasks?task=${t.id}`)?.content).toContain('Dégustation chez le caviste');
    await newTask(owner, { title: 'Pour moi' }); // no assignee given: the caller
    expect((await notificationsOf(ids.owner, 'newTask')).length).toBe(before);
  });

  it('answers 404 for another shop’s task (owner2), for reads and writes', async () => {
    const t = await newTask(owner, {});
    expect((await call('get', `/tasks/${t.id}`, owner2)).status).toBe(404);
    expect((await call('put', `/tasks/${t.id}`, owner2, { title: 'x' })).status).toBe(404);
    expect((await call('post', `/tasks/${t.id}/done`, owner2)).status).toBe(404);
    expect((await call('delete', `/tasks/${t.id}`, owner2)).status).toBe(404);
    const list = await call('get', '/tasks?pageSize=100', owner2);
    expect(list.body.items.map((x: { id: number }) => x.id)).not.toContain(t.id);
  });

  it('shows an agent only the tasks assigned to them or created by them', async () => {
    const forAgent = await newTask(owner, { assigneeUserId: ids.agent });
    const ownersOnly = await newTask(owner, { assigneeUserId: ids.owner });
    const byAgent = await newTask(agent, {});
    const res = await call('get', '/tasks?pageSize=100', agent);
    expect(res.status).toBe(200);
    const seen = res.body.items.map((x: { id: number }) => x.id);
    expect(seen).toEqual(expect.arrayContaining([forAgent.id, byAgent.id]));
    expect(seen).not.toContain(ownersOnly.id);
    for (const x of res.body.items) expect([x.assignee?.id, x.createdBy?.id]).toContain(ids.agent);
    expect((await call('get', `/tasks/${ownersOnly.id}`, agent)).status).toBe(404);
  });

  it('lets an agent create tasks only for themselves', async () => {
    const res = await call('post', '/tasks', agent, { title: 'Pour le patron', assigneeUserId: ids.owner });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      field: 'assigneeUserId',
      message: 'Un agent ne peut créer des tâches que pour lui-même',
    });
  });

  it('shows an iam without seeAllTask only their tasks, and every task with it', async () => {
    const ownersOnly = await newTask(owner, { assigneeUserId: ids.owner });
    const forIam = await newTask(owner, { assigneeUserId: ids.iam });
    await setIamRights({ seeAllClient: true, createTask: true });
    const mine = (await call('get', '/tasks?pageSize=100', iam)).body.items.map((x: { id: number }) => x.id);
    expect(mine).toContain(forIam.id);
    expect(mine).not.toContain(ownersOnly.id);
    await setIamRights({ seeAllClient: true, createTask: true, seeAllTask: true });
    const all = (await call('get', '/tasks?pageSize=100', iam)).body.items.map((x: { id: number }) => x.id);
    expect(all).toEqual(expect.arrayContaining([forIam.id, ownersOnly.id]));
  });

  it('refuses task creation to an iam without createTask', async () => {
    await setIamRights({ seeAllClient: true });
    expect((await call('post', '/tasks', iam, { title: 'x' })).status).toBe(403);
  });

  it.each([
    [{ title: '  ' }, 'title', 'Ce champ ne peut pas être vide'],
    [{ title: 'x', priority: 'urgent' }, 'priority', 'La priorité doit valoir low, medium ou high'],
    [{ title: 'x', activity: 'golf' }, 'activity', "Choisissez un type d'activité de la liste"],
    [{ title: 'x', dueAt: 'demain' }, 'dueAt', "La date n'est pas valide"],
  ])('validates the body %j (400 naming the field)', async (body, field, message) => {
    const res = await call('post', '/tasks', owner, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, field, message });
  });

  it('refuses an assignee who is not a member of the shop and a client of another shop', async () => {
    const a = await call('post', '/tasks', owner, { title: 'x', assigneeUserId: ids.owner2 });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ field: 'assigneeUserId', message: "Cette personne n'est pas membre de la boutique" });
    const c = await call('post', '/tasks', owner, { title: 'x', clientId: otherShopClientId });
    expect(c.status).toBe(400);
    expect(c.body).toMatchObject({ field: 'clientId', message: 'Client introuvable' });
  });

  it('done by the assignee: taskCompleted to the creator, an interaction on the client; undone removes it', async () => {
    const t = await newTask(owner, { title: 'Relancer Cave Martin', assigneeUserId: ids.agent, clientId });
    const before = (await notificationsOf(ids.owner, 'taskCompleted')).length;
    const done = await call('post', `/tasks/${t.id}/done`, agent);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ done: true, message: 'Tâche terminée' });
    const sent = await notificationsOf(ids.owner, 'taskCompleted');
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)).toMatchObject({ redirectLink: `/dashboard/tasks?task=${t.id}` });
    expect(sent.at(-1)!.content).toContain('Relancer Cave Martin');
    const timeline = await db().select().from(clientInteractions).where(eq(clientInteractions.taskId, t.id));
    expect(timeline).toEqual([expect.objectContaining({ clientId, kind: 'task', shopId, userId: ids.agent })]);
    expect((await call('post', `/tasks/${t.id}/undone`, agent)).body.done).toBe(false);
    expect(await db().select().from(clientInteractions).where(eq(clientInteractions.taskId, t.id))).toEqual([]);
  });

  it('does not notify the creator who completes their own task', async () => {
    const t = await newTask(owner, { assigneeUserId: ids.agent });
    const before = (await notificationsOf(ids.owner, 'taskCompleted')).length;
    expect((await call('post', `/tasks/${t.id}/done`, owner)).status).toBe(200);
    expect((await notificationsOf(ids.owner, 'taskCompleted')).length).toBe(before);
  });

  it('filters overdue tasks and sorts by due date, without due date last', async () => {
    await db().delete(tasks).where(eq(tasks.shopId, shopId)); // the demo's own tasks aside
    const late = await newTask(owner, { title: 'En retard', dueAt: '2020-01-02T09:00:00+01:00', assigneeUserId: ids.iam });
    const lateDone = await newTask(owner, { title: 'En retard fait', dueAt: '2020-01-03', assigneeUserId: ids.iam });
    await call('post', `/tasks/${lateDone.id}/done`, owner);
    const later = await newTask(owner, { title: 'Plus tard', dueAt: '2099-01-01T09:00:00Z', assigneeUserId: ids.iam });
    const none = await newTask(owner, { title: 'Sans date', assigneeUserId: ids.iam });
    const overdue = await call('get', `/tasks?status=overdue&assigneeUserId=${ids.iam}&pageSize=100`, owner);
    expect(overdue.body.items.map((x: { id: number }) => x.id)).toEqual([late.id]);
    expect(overdue.body.items[0].overdue).toBe(true);
    const sorted = (await call('get', `/tasks?status=todo&assigneeUserId=${ids.iam}&pageSize=100`, owner)).body.items.map(
      (x: { id: number }) => x.id,
    );
    expect(sorted.indexOf(late.id)).toBeLessThan(sorted.indexOf(later.id));
    expect(sorted.at(-1)).toBe(none.id);
    const bad = await call('get', '/tasks?status=late', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
  });

  it('reschedules a task (calendar drag), 404 for another shop', async () => {
    const t = await newTask(owner, { dueAt: '2031-05-05T10:00:00+02:00' });
    const res = await call('put', `/tasks/${t.id}/reschedule`, owner, { dueAt: '2031-05-07T14:30:00+02:00' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dueAt: '2031-05-07T12:30:00.000Z', allDay: false });
    const allDay = await call('put', `/tasks/${t.id}/reschedule`, owner, { dueAt: '2031-05-08', allDay: true });
    expect(allDay.body).toMatchObject({ dueAt: '2031-05-08T00:00:00.000Z', allDay: true });
    expect((await call('put', `/tasks/${t.id}/reschedule`, owner, { dueAt: 'bientôt' })).body.field).toBe('dueAt');
    expect((await call('put', `/tasks/${t.id}/reschedule`, owner2, { dueAt: '2031-05-09' })).status).toBe(404);
  });

  it('calendar: the visible tasks and the shop’s event slots in the range; an agent only their tasks', async () => {
    const [ev] = await db().insert(events).values({ shopId, title: 'Visite des caves' }).returning();
    const [slot] = await db()
      .insert(eventSlots)
      .values({
        shopId,
        eventId: ev.id,
        name: 'Matin',
        startsAt: new Date('2032-03-10T09:00:00Z'),
        endsAt: new Date('2032-03-10T11:00:00Z'),
        places: 10,
        placesLeft: 8,
      })
      .returning();
    const inRange = await newTask(owner, { title: 'Dans la semaine', dueAt: '2032-03-11T10:00:00Z', assigneeUserId: ids.agent });
    const allDay = await newTask(owner, { title: 'Toute la journée', dueAt: '2032-03-12', allDay: true });
    const outside = await newTask(owner, { title: 'Hors période', dueAt: '2032-04-20T10:00:00Z' });
    const range = 'from=2032-03-08T00:00:00Z&to=2032-03-15T00:00:00Z';
    const res = await call('get', `/calendar?${range}`, owner);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((e: { id: string }) => [e.id, e]));
    expect(byId.get(`task-${inRange.id}`)).toMatchObject({
      kind: 'task',
      title: 'Dans la semaine',
      start: '2032-03-11T10:00:00.000Z',
      allDay: false,
    });
    expect(byId.get(`task-${allDay.id}`)).toMatchObject({ start: '2032-03-12', allDay: true, end: null });
    expect(byId.get(`slot-${slot.id}`)).toMatchObject({
      kind: 'slot',
      start: '2032-03-10T09:00:00.000Z',
      link: `/dashboard/reservations/events/${ev.id}`,
    });
    expect(byId.has(`task-${outside.id}`)).toBe(false);
    const forAgent = (await call('get', `/calendar?${range}`, agent)).body as Array<{ id: string; kind: string }>;
    expect(forAgent.map((e) => e.id)).toEqual([`task-${inRange.id}`]);
    const bad = await call('get', '/calendar?from=2032-03-15&to=2032-03-08', owner);
    expect(bad.status).toBe(400);
  });

  it('lists the assignees of the shop (owner, iam, agent), an agent only themselves', async () => {
    const res = await call('get', '/tasks/assignees', owner);
    expect(res.body.map((a: { id: number }) => a.id).sort()).toEqual([ids.owner, ids.iam, ids.agent].sort());
    expect((await call('get', '/tasks/assignees', agent)).body).toEqual([expect.objectContaining({ id: ids.agent, kind: 'agent' })]);
  });

  it('deletes a task', async () => {
    const t = await newTask(owner, {});
    expect((await call('delete', `/tasks/${t.id}`, owner)).status).toBe(200);
    expect(await db().select().from(tasks).where(eq(tasks.id, t.id))).toEqual([]);
  });

  // last: it adds the demo tasks to the shop
  it('seeds the demo tasks once: overdue, today, upcoming and done, for the owner, the iam and the agent', async () => {
    await db().delete(tasks).where(eq(tasks.shopId, shopId));
    await seedTasks(db());
    await seedTasks(db());
    const seeded = await db().select().from(tasks).where(eq(tasks.shopId, shopId));
    expect(seeded).toHaveLength(20);
    expect(new Set(seeded.map((x) => x.assigneeUserId))).toEqual(new Set([ids.owner, ids.iam, ids.agent]));
    // some are about the shop's clients (the CRM demo clients, or the test's own)
    const linked = seeded.filter((x) => x.clientId !== null).map((x) => x.clientId!);
    expect(linked.length).toBeGreaterThan(0);
    const shopClients = await db().select({ id: crmClients.id }).from(crmClients).where(eq(crmClients.shopId, shopId));
    expect(linked.every((id) => shopClients.some((c) => c.id === id))).toBe(true);
    const overdue = await call('get', '/tasks?status=overdue&pageSize=100', owner);
    expect(overdue.body.total).toBeGreaterThan(0);
    expect((await call('get', '/tasks?status=done&pageSize=100', owner)).body.total).toBe(3);
  });
});
