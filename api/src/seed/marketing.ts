import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { crmClients } from '../modules/clients';
import { createMarketingService, marketingLists } from '../modules/marketing';

/**
 * Demo marketing data of Domaine de Démo: a static list of clients who accepted marketing mails, a dynamic
 * list (professionals of Côte-d'Or and Paris), a standard template (blocks rendered with MJML) and an advanced one.
 * Through the marketing service (validation, MJML, sanitiser). Idempotent: nothing is done once the shop has a list.
 */
export async function seedMarketing(db: Db, logger?: Logger, publicUrl = 'http://localhost:3000'): Promise<void> {
  try {
    const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    if (!shop) return;
    if ((await db.select({ id: marketingLists.id }).from(marketingLists).where(eq(marketingLists.shopId, shop.id)).limit(1)).length) return;
    const service = createMarketingService({ db, publicUrl });
    const consenting = await db
      .select({ id: crmClients.id })
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shop.id), eq(crmClients.status, 'active'), sql`${crmClients.email} is not null`))
      .orderBy(asc(crmClients.id))
      .limit(12);
    await service.createList(shop.id, null, {
      name: 'Amis du domaine',
      kind: 'static',
      filters: {},
      clientIds: consenting.map((c) => c.id),
    });
    await service.createList(shop.id, null, {
      name: "Professionnels de Côte-d'Or et de Paris",
      kind: 'dynamic',
      filters: { kinds: ['professional'], departments: ['21', '75'] },
    });
    await service.createModel(shop.id, {
      name: 'Nouveau millésime',
      kind: 'standard',
      subject: 'Le millésime 2024 est arrivé, {{firstname}}',
      html: '',
      blocks: [
        { type: 'heading', text: 'Le millésime 2024 est arrivé', level: 1, align: 'center' },
        {
          type: 'text',
          html: '<p>Bonjour {{firstname}},</p><p>Nos vins du millésime 2024 sont en bouteille : une année <strong>fraîche et précise</strong>, à découvrir dès maintenant.</p>',
        },
        { type: 'divider' },
        {
          type: 'columns',
          left: '<p><strong>Dégustation au domaine</strong><br>Tous les samedis de 10 h à 18 h.</p>',
          right: '<p><strong>Livraison offerte</strong><br>Dès 12 bouteilles commandées.</p>',
        },
        { type: 'button', label: 'Découvrir la boutique', href: `${publicUrl}/domaine-demo`, align: 'center' },
        { type: 'text', html: '<p>À très bientôt,<br>{{signature}}</p>' },
      ],
    });
    await service.createModel(shop.id, {
      name: 'Invitation portes ouvertes (HTML)',
      kind: 'advanced',
      subject: 'Portes ouvertes au domaine',
      blocks: [],
      html: [
        '<html><body style="background-color: #f4f4f4">',
        '<table width="100%" cellpadding="0" cellspacing="0" role="presentation"><tr><td align="center">',
        '<table width="600" cellpadding="24" cellspacing="0" role="presentation" bgcolor="#ffffff"><tr><td>',
        '<h1 style="color: #7b1e3a; font-size: 26px">Portes ouvertes</h1>',
        '<p style="font-size: 14px; line-height: 1.5">Bonjour {{firstname}} {{lastname}},<br>{{shopName}} vous invite à ses portes ouvertes le premier week-end de juin.</p>',
        '<p style="font-size: 14px">Réservez votre place : <a href="mailto:contact@domaine-demo.test">contact@domaine-demo.test</a></p>',
        '</td></tr></table></td></tr></table></body></html>',
      ].join(''),
    });
  } catch (err) {
    logger?.error({ err }, 'seedMarketing failed: no demo lists or templates');
  }
}
