/**
 * Demo checkout settings and a few real orders of buyer@demo.test at Domaine de Démo, placed through
 * the orders service (same checks, prices, stock and payments as a real checkout). Idempotent: settings are
 * inserted once per shop; the orders use fixed idempotency keys and are skipped when the buyer already ordered.
 */
import { createSecretBox } from '../platform/secret-box';
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CheckoutAddress, PlaceOrderRequest } from 'shared-kernel/contracts';
import { parisMonthBounds } from 'shared-kernel/domain';
import { loadConfig } from '../platform/config';
import type { Db } from '../platform/db/client';
import { eventSlots, events, productFormats, products } from '../modules/catalog';
import { shopCheckoutSettings, orders } from '../modules/orders';
import { shops, users } from '../platform/db/tables';
import { createJwtService } from '../platform/auth/jwt';
import { createAuthMiddlewares } from '../platform/auth/middleware';
import { listMemberships } from '../modules/users';
import type { Logger } from '../platform/logger';
import { createLogger } from '../platform/logger';
import type { Mailer } from '../platform/mail/mailer';
import { createPaymentsModule } from '../modules/payments';
import { createOrdersService, groupedOrderTtlHours } from '../modules/orders';

const EU = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

const DOMAINE_TERMS = `Conditions générales de vente — Domaine de Démo
1. Les prix sont indiqués en euros, TVA et droits d'accises compris pour les particuliers.
2. La commande est ferme dès sa validation par le domaine. Les commandes réglées par virement ou chèque sont validées à réception du règlement.
3. Livraison en France métropolitaine sous 5 jours ouvrés (Colissimo), en Europe sous 10 jours ouvrés. Franco de port dès 24 bouteilles ou 300 € TTC.
4. Retrait au domaine du lundi au samedi, 9 h – 12 h et 14 h – 18 h.
5. Vous disposez d'un délai de rétractation de 14 jours à compter de la réception (hors réservations datées).
6. La vente d'alcool est interdite aux mineurs de moins de 18 ans. L'abus d'alcool est dangereux pour la santé, à consommer avec modération.`;

const BRASSERIE_TERMS = `Conditions générales de vente — Brasserie Démo
1. Commande minimum : 20 € HT.
2. Livraison locale (France uniquement) sous 3 jours ouvrés, ou retrait à la brasserie.
3. Nos bières se conservent au frais, à l'abri de la lumière.
4. La vente d'alcool est interdite aux mineurs de moins de 18 ans.`;

const CAVE_TERMS = `Conditions générales de vente — Cave des Pros Démo
1. Nos prix sont réservés à nos clients et indiqués hors taxes pour les professionnels.
2. Commande minimum : 6 bouteilles, par multiples de 6.
3. Livraison en France sous 4 jours ouvrés, ou retrait à la cave (Bordeaux).
4. La vente d'alcool est interdite aux mineurs de moins de 18 ans.`;

export async function seedCheckoutSettings(db: Db): Promise<void> {
  const [domaine] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  const [brasserie] = await db.select().from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
  const [cave] = await db.select().from(shops).where(eq(shops.urlShop, 'cave-des-pros'));
  const rows: Array<typeof shopCheckoutSettings.$inferInsert> = [];
  if (domaine) {
    rows.push({
      shopId: domaine.id,
      deliveryTypes: [
        {
          type: 'colissimo',
          ref: 'colissimo-fr',
          name: 'Colissimo France',
          price: 12,
          franco: { quantity: 24, amount: 300 },
          countries: ['FR'],
          zones: [{ countries: ['FR'], price: 12 }],
        },
        {
          // two zones (settings section `delivery`): the EU at 25 € HT, Switzerland and the United Kingdom at 35 € HT
          type: 'transporteur',
          ref: 'transporteur-eu',
          name: 'Transporteur Europe',
          price: 25,
          franco: null,
          countries: [...EU.filter((c) => c !== 'FR'), 'CH', 'GB'],
          zones: [
            { countries: EU.filter((c) => c !== 'FR'), price: 25 },
            { countries: ['CH', 'GB'], price: 35 },
          ],
        },
      ],
      collectionPoints: [
        { id: 1, name: 'Retrait au domaine', price: 0, address: '12 chemin des Vignes, 84100 Orange' },
        { id: 2, name: 'Cave partenaire (Lyon)', price: 5, address: '8 rue Mercière, 69002 Lyon' },
      ],
      paymentMethods: ['stripe', 'stripeSepa', 'imprint', 'transfer', 'check', 'cash', 'bill'],
      // spec §9 packaging: 12 bottles a package, 7 € HT per extra package
      rules: {
        minAmountHT: null,
        minQuantity: null,
        maxQuantity: null,
        multipleOf: null,
        packaging: { bottlesPerPackage: 12, extraPackagePrice: 7 },
      },
      terms: DOMAINE_TERMS,
      groupedOrders: true,
      transferInstructions: 'Virement à l’ordre de SCEA Domaine de Démo, en indiquant le numéro de commande.',
      chequeInstructions: 'Chèque à l’ordre de SCEA Domaine de Démo, à envoyer au 12 chemin des Vignes, 84100 Orange.',
    });
  }
  if (brasserie) {
    rows.push({
      shopId: brasserie.id,
      // an older row: price + countries, no zones (read as one zone)
      deliveryTypes: [{ type: 'local', ref: 'livraison-locale', name: 'Livraison locale', price: 8, franco: null, countries: ['FR'] }],
      collectionPoints: [{ id: 1, name: 'Retrait à la brasserie', price: 0, address: '3 rue du Houblon, 59000 Lille' }],
      paymentMethods: ['stripe', 'transfer', 'check'],
      rules: { minAmountHT: 20, minQuantity: null, maxQuantity: null, multipleOf: null },
      terms: BRASSERIE_TERMS,
      groupedOrders: false,
      transferInstructions: 'Virement à l’ordre de SARL Brasserie Démo.',
      chequeInstructions: 'Chèque à l’ordre de SARL Brasserie Démo, 3 rue du Houblon, 59000 Lille.',
    });
  }
  if (cave) {
    rows.push({
      shopId: cave.id,
      deliveryTypes: [
        {
          type: 'transporteur',
          ref: 'transporteur-fr',
          name: 'Transporteur France',
          price: 15,
          franco: { quantity: 36, amount: 500 },
          countries: ['FR'],
        },
      ],
      collectionPoints: [{ id: 1, name: 'Retrait à la cave', price: 0, address: '5 quai des Chartrons, 33000 Bordeaux' }],
      paymentMethods: ['stripe', 'transfer', 'bill'],
      // a wholesaler's cases of 6: 6 bottles a package, 5 € HT each extra one
      rules: {
        minAmountHT: null,
        minQuantity: 6,
        maxQuantity: null,
        multipleOf: 6,
        packaging: { bottlesPerPackage: 6, extraPackagePrice: 5 },
      },
      terms: CAVE_TERMS,
      groupedOrders: false,
      transferInstructions: 'Virement à l’ordre de SAS Cave des Pros Démo, en indiquant le numéro de commande.',
      chequeInstructions: 'Chèque à l’ordre de SAS Cave des Pros Démo, 5 quai des Chartrons, 33000 Bordeaux.',
    });
  }
  if (rows.length) await db.insert(shopCheckoutSettings).values(rows).onConflictDoNothing({ target: shopCheckoutSettings.shopId });
}

const noMail: Mailer = { mode: 'file', send: async () => ({ messageId: 'seed' }), close: () => undefined };

/**
 * Orders of buyer@demo.test at Domaine de Démo: paid by card (validated), pending transfer, a reservation by cheque, and
 * a history of twelve validated orders over last month and this one.
 */
export async function seedDemoOrders(db: Db, logger?: Logger): Promise<void> {
  const [domaine] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  const [buyer] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'buyer@demo.test'`);
  if (!domaine || !buyer) return;
  const [already] = await db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyer.id)).limit(1);
  if (already) return;

  const log = logger ?? createLogger('silent');
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/wz-seed-unused' });
  const secret = new TextEncoder().encode(crypto.randomBytes(32).toString('hex'));
  const jwt = createJwtService(secret, 3600);
  const deps = { db, config, jwt, auth: createAuthMiddlewares(db, jwt), logger: log, secrets: createSecretBox(secret) };
  const payments = createPaymentsModule(deps, { env: { SANDBOX_SEPA_DELAY_MS: '0' } });
  const service = createOrdersService({
    db,
    payments,
    mailer: noMail,
    logger: log,
    publicUrl: config.accounts.publicUrl,
    groupedTtlHours: groupedOrderTtlHours(),
  });
  payments.onPaymentChanged((dbx, id) => service.settle(dbx, id));
  const auth = {
    claims: { sub: buyer.id, kind: 'user' as const, tv: buyer.tokenVersion },
    user: buyer,
    master: null,
    memberships: await listMemberships(db, buyer.id),
  };

  const format = async (name: string, nameInShop: string) => {
    const [row] = await db
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, domaine.id), eq(products.name, name), eq(productFormats.nameInShop, nameInShop)))
      .limit(1);
    return row;
  };
  const address: CheckoutAddress = {
    firstname: 'Béatrice',
    lastname: 'Acheteuse',
    street: '12 rue des Vignes',
    zipcode: '69002',
    city: 'Lyon',
    country: 'FR',
  };
  const place = async (key: string, body: Omit<PlaceOrderRequest, 'expectedTotalTTC' | 'idempotencyKey'>) => {
    const [priced] = await service.cartPrice(
      { memberships: [] },
      {
        orders: [
          {
            ...body.order,
            shipping: {
              type: body.shipping.type,
              ref: body.shipping.ref,
              collectionPoint: body.shipping.collectionPointId != null ? { id: body.shipping.collectionPointId } : null,
            },
          },
        ],
      },
    );
    const out = await service.placeOrder(
      auth as never,
      { ...body, phone: body.phone, expectedTotalTTC: priced.price.totalTTC, idempotencyKey: key } as never,
      key,
    );
    return out.body;
  };

  const galets = await format('Les Galets Rouges', 'Bouteille 75 cl');
  const blanc = await format('Blanc des Collines', 'Bouteille 75 cl');
  const rose = await format('Rosé des Vignes', 'Bouteille 75 cl');
  const champagne = await format('Champagne Réserve', 'Bouteille 75 cl');
  if (!galets || !blanc || !rose || !champagne) return;

  // 1. Paid by card → validated
  const paid = await place('demo-seed-order-1', {
    order: {
      seller: { id: domaine.id },
      products: [
        { idTmp: 'seed-1a', id: galets.productId, quantity: 12, chosenFormat: { id: galets.formatId } },
        { idTmp: 'seed-1b', id: blanc.productId, quantity: 6, chosenFormat: { id: blanc.formatId } },
      ],
      reservations: [],
    },
    deliveryAddress: address,
    billingAddress: null,
    phone: '+33612345678',
    shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null, instructions: 'Sonner à l’interphone « Acheteuse ».' },
    paymentMethod: 'stripe',
    acceptTerms: true,
  });
  if (paid.payment) {
    await payments
      .pay(
        db,
        paid.payment.id,
        { card: { number: '4242424242424242', expiration: '12/34', cvv: '123', holder: 'Béatrice Acheteuse' } },
        { userId: buyer.id },
      )
      .catch((err) => log.warn({ err }, 'seed: card payment failed'));
  }

  // 2. Pending bank transfer, collected at the partner cellar
  await place('demo-seed-order-2', {
    order: {
      seller: { id: domaine.id },
      products: [
        { idTmp: 'seed-2a', id: rose.productId, quantity: 6, chosenFormat: { id: rose.formatId } },
        { idTmp: 'seed-2b', id: champagne.productId, quantity: 2, chosenFormat: { id: champagne.formatId } },
      ],
      reservations: [],
    },
    deliveryAddress: null,
    billingAddress: address,
    phone: '+33612345678',
    shipping: { type: null, ref: null, collectionPointId: 2, instructions: null },
    paymentMethod: 'transfer',
    acceptTerms: true,
  });

  // 3. A reservation (visit and tasting, 2 adults + a cheese platter), paid by cheque
  const [ev] = await db
    .select()
    .from(events)
    .where(and(eq(events.shopId, domaine.id), eq(events.title, 'Visite des caves et dégustation')))
    .limit(1);
  const slot = ev
    ? (
        await db
          .select()
          .from(eventSlots)
          .where(and(eq(eventSlots.eventId, ev.id), sql`${eventSlots.startsAt} > now()`))
          .orderBy(asc(eventSlots.startsAt))
          .limit(1)
      )[0]
    : undefined;
  if (ev && slot) {
    await place('demo-seed-order-3', {
      order: {
        seller: { id: domaine.id },
        products: [],
        reservations: [
          {
            eventId: ev.id,
            selectedSlot: { id: slot.id },
            selectedPrices: [
              { name: 'Adulte', quantity: 2 },
              { name: 'Planche de fromages', quantity: 1 },
            ],
          },
        ],
      },
      deliveryAddress: null,
      billingAddress: address,
      phone: '+33612345678',
      shipping: { type: null, ref: null, collectionPointId: null, instructions: null },
      paymentMethod: 'check',
      acceptTerms: true,
    });
  }
  await payments.idle();

  // 4. A sales history so the dashboard and the orders list show a real business: twelve orders paid by transfer
  // and validated by the domaine, eight last month and four this month (placed through the service like the others,
  // then dated back: the figures of /dashboard compare the two calendar months).
  const months = parisMonthBounds(new Date());
  const history = [galets, blanc, rose, champagne];
  for (let i = 0; i < 12; i++) {
    const f = history[i % history.length];
    const out = await place(`demo-seed-history-${i + 1}`, {
      order: {
        seller: { id: domaine.id },
        products: [{ idTmp: `seed-h${i}`, id: f.productId, quantity: 2 + (i % 3), chosenFormat: { id: f.formatId } }],
        reservations: [],
      },
      deliveryAddress: address,
      billingAddress: null,
      phone: '+33612345678',
      shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null, instructions: null },
      paymentMethod: 'transfer',
      acceptTerms: true,
    }).catch((err) => {
      log.warn({ err }, 'seed: history order not placed');
      return null;
    });
    if (!out) continue;
    const createdAt =
      i < 8
        ? new Date(months.previousStart.getTime() + (i * 3 + 1) * 86_400_000 + 10 * 3_600_000) // days 2, 5, 8… of last month, 10:00
        : new Date(Math.min(Date.now(), Math.max(months.currentStart.getTime() + 3_600_000, Date.now() - (i - 7) * 5 * 3_600_000))); // earlier this month, never ahead of now
    await db
      .update(orders)
      .set({ status: 'validated', paymentStatus: 'paid', createdAt, validatedAt: createdAt, confirmedAt: createdAt })
      .where(eq(orders.id, out.order.id));
    // the transfer arrived: its payment row says so too (invoicing the order records it)
    await db.execute(
      sql`update payments set status = 'paid', paid_at = ${createdAt}, updated_at = ${createdAt} where order_id = ${out.order.id}`,
    );
  }
  payments.close();
}

export async function seedCheckout(db: Db, logger?: Logger): Promise<void> {
  await seedCheckoutSettings(db);
  await seedDemoOrders(db, logger);
}
