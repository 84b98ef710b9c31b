/**
 * Demo team. Idempotent and fast; never keeps the app from starting.
 * - the demo iam (iam@demo.test) also gets createTask and seeAllTask (their other flags are kept);
 * - Domaine de Démo has one pending invitation of a collaborator (preset Logistique) to camille.invitee@demo.test, whose
 *   account is not created yet: 'Renvoyer' creates it (with its membership) and mails the password link. No mail is
 *   queued by the seed, and no membership is added (the demo shop's member lists stay as other modules expect).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PERMISSIONS, PRESET_DEFINITIONS } from 'shared-kernel/contracts';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { teamInvitations } from '../modules/team';

export const DEMO_INVITEE = { email: 'camille.invitee@demo.test', firstname: 'Camille', lastname: 'Invitée' } as const;

export async function seedTeam(db: Db, logger?: Logger): Promise<void> {
  try {
    await seed(db);
  } catch (err) {
    logger?.error({ err }, 'seedTeam failed: no demo team data');
  }
}

async function seed(db: Db): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
  if (!shop) return;

  // the demo iam: + createTask, seeAllTask
  const [iam] = await db
    .select({ userId: shopMembers.userId, authorizations: shopMembers.authorizations })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(users.email, 'iam@demo.test'), eq(shopMembers.shopId, shop.id), eq(shopMembers.kind, 'iam')));
  if (iam?.authorizations && (!iam.authorizations.createTask || !iam.authorizations.seeAllTask)) {
    await db
      .update(shopMembers)
      .set({ authorizations: { ...iam.authorizations, createTask: true, seeAllTask: true } })
      .where(and(eq(shopMembers.userId, iam.userId), eq(shopMembers.shopId, shop.id)));
  }

  // one pending invitation
  const [existing] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.shopId, shop.id), sql`lower(${teamInvitations.email}) = ${DEMO_INVITEE.email}`));
  if (existing) return;
  const flags = PRESET_DEFINITIONS.logistique.flags;
  const authorizations = Object.fromEntries(PERMISSIONS.map((p) => [p, flags.includes(p)]));
  await db.transaction(async (tx) => {
    await tx.insert(teamInvitations).values({
      shopId: shop.id,
      email: DEMO_INVITEE.email,
      kind: 'iam',
      authorizations,
      tokenHash: crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex'),
      invitedBy: owner?.id ?? null,
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    });
  });
}
