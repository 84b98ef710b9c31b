import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopMembers, shops } from '../platform/db/tables';
import { enqueue } from '../platform/jobs';
import type { Logger } from '../platform/logger';
import { crmClients } from '../modules/clients';
import { CAMPAIGN_START_JOB } from '../modules/campaigns';
import {
  campaignRecipients,
  campaigns,
  emailModels,
  marketingListMembers,
  marketingLists,
  recipientsOfLists,
  renderModel,
  type RecipientStatus,
} from '../modules/marketing';

const DAY = 86_400_000;

/**
 * Demo campaigns of Domaine de Démo, after the marketing seed (its lists and templates; made here when
 * absent): a campaign sent a fortnight ago with its figures (opens, clicks, an unsubscription, a bounce) and one
 * scheduled in a week (a real 'campaign-start' job: it is sent then if the server runs). The sent one's mails are not
 * queued: demo clients get nothing now. Idempotent: nothing is done once the shop has a campaign.
 */
export async function seedCampaigns(db: Db, logger?: Logger): Promise<void> {
  try {
    await seed(db);
  } catch (err) {
    logger?.error({ err }, 'seedCampaigns failed: no demo campaigns');
  }
}

async function seed(db: Db): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  if ((await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.shopId, shop.id)).limit(1)).length) return;
  const [owner] = await db.select().from(shopMembers).where(eq(shopMembers.shopId, shop.id)).limit(1);

  let [model] = await db.select().from(emailModels).where(eq(emailModels.shopId, shop.id)).orderBy(emailModels.id).limit(1);
  model ??= (
    await db
      .insert(emailModels)
      .values({
        shopId: shop.id,
        name: 'Nouveau millésime (campagnes)',
        kind: 'advanced',
        subject: 'Le millésime 2024 est arrivé',
        html:
          '<h1>Bonjour {{firstname}},</h1><p>Le millésime 2024 du domaine est en bouteille : trois cuvées à découvrir.</p>' +
          '<p><a href="https://www.example.com/domaine-demo">Voir les vins</a></p><p>{{signature}}</p>',
      })
      .returning()
  )[0];
  let lists = await db.select().from(marketingLists).where(eq(marketingLists.shopId, shop.id)).orderBy(marketingLists.id);
  if (!lists.length) {
    const [list] = await db.insert(marketingLists).values({ shopId: shop.id, name: 'Amis du domaine', kind: 'static' }).returning();
    const clients = await db.select({ id: crmClients.id }).from(crmClients).where(eq(crmClients.shopId, shop.id)).limit(12);
    if (clients.length) await db.insert(marketingListMembers).values(clients.map((c) => ({ listId: list.id, clientId: c.id })));
    lists = [list];
  }
  const listIds = [lists[0].id];
  const { html } = await renderModel(db, shop.id, model.id);
  const recipients = await recipientsOfLists(db, shop.id, listIds);
  const now = Date.now();
  const sentAt = new Date(now - 14 * DAY);

  await db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(campaigns)
      .values({
        shopId: shop.id,
        name: 'Millésime 2024',
        modelId: model.id,
        subject: 'Le millésime 2024 est arrivé, {{firstname}}',
        previewText: 'Trois cuvées à découvrir au domaine',
        listIds,
        html,
        status: 'sent',
        startedAt: sentAt,
        sentAt: new Date(sentAt.getTime() + 20 * 60_000),
        createdBy: owner?.userId ?? null,
        createdAt: new Date(now - 15 * DAY),
      })
      .returning();
    // figures: about half open, a fifth click, one unsubscribes, one address bounces
    const statuses: RecipientStatus[] = [
      'clicked',
      'opened',
      'sent',
      'opened',
      'clicked',
      'sent',
      'unsubscribed',
      'opened',
      'bounced',
      'sent',
    ];
    if (recipients.length) {
      await tx.insert(campaignRecipients).values(
        recipients.map((r, i) => {
          const status = statuses[i % statuses.length];
          const at = (min: number) => new Date(sentAt.getTime() + min * 60_000);
          const opened = status === 'opened' || status === 'clicked' || status === 'unsubscribed';
          return {
            campaignId: sent.id,
            shopId: shop.id,
            clientId: r.clientId,
            email: r.email,
            fields: r.fields,
            token: crypto.randomBytes(32).toString('hex'),
            status,
            error: status === 'bounced' ? '550 5.1.1 Adresse inconnue du serveur destinataire' : null,
            sentAt: at(i),
            openedAt: opened ? at(60 + i * 7) : null,
            clickedAt: status === 'clicked' ? at(65 + i * 7) : null,
            unsubscribedAt: status === 'unsubscribed' ? at(70 + i * 7) : null,
          };
        }),
      );
    }
    const scheduledAt = new Date(now + 7 * DAY);
    scheduledAt.setUTCHours(8, 0, 0, 0);
    const [next] = await tx
      .insert(campaigns)
      .values({
        shopId: shop.id,
        name: 'Portes ouvertes de printemps',
        modelId: model.id,
        subject: 'Portes ouvertes au domaine, {{firstname}}',
        previewText: 'Dégustation des nouveaux millésimes',
        listIds,
        status: 'scheduled',
        scheduledAt,
        createdBy: owner?.userId ?? null,
      })
      .returning();
    await enqueue(
      tx as unknown as Db,
      CAMPAIGN_START_JOB,
      { campaignId: next.id, scheduledAt: scheduledAt.toISOString() },
      { runAt: scheduledAt },
    );
  });
}
