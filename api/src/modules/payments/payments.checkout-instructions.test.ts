import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats, products } from '../catalog';
import { shopCheckoutSettings } from '../orders';
import { billingSettings } from '../sales';

/**
 * What the buyer reads after a checkout paid offline: the account of the billing settings (Facturation › « Comptes
 * bancaires »), else the shop's `settings.banks`; the shop's own transfer and cheque texts.
 */
describe('checkout offline instructions (the shop’s settings)', () => {
  let ctx: TestContext;
  let buyer: string;
  let owner: string;
  let domaineId: number;
  let galets: { productId: number; formatId: number };
  let keyN = 0;
  const db = () => ctx.handle.db;

  const BILLING = {
    companyName: 'SCEA Les Vignes Neuves',
    siret: '73282932000074',
    address: { street: '1 route des Vignes', zipcode: '71960', city: 'Pierreclos', country: 'FR' },
    banks: [
      { label: 'Ancienne banque', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', isDefault: false },
      { label: 'Banque Populaire', iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'CCBPFRPPLYO', isDefault: true },
    ],
  };

  /** A buyer's checkout of 6 × Les Galets Rouges delivered by Colissimo, paid by `paymentMethod`. */
  async function checkout(paymentMethod: 'transfer' | 'check') {
    const order = {
      seller: { id: domaineId },
      products: [{ idTmp: 'l1', id: galets.productId, quantity: 6, chosenFormat: { id: galets.formatId } }],
      reservations: [],
    };
    const shipping = { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null };
    const priced = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({ orders: [{ ...order, shipping: { type: shipping.type, ref: shipping.ref, collectionPoint: null } }] });
    expect(priced.status).toBe(200);
    const res = await request(ctx.app)
      .post('/v1/orders')
      .set(bearer(buyer))
      .send({
        order,
        deliveryAddress: {
          firstname: 'Béatrice',
          lastname: 'Acheteuse',
          street: '12 rue des Vignes',
          zipcode: '69002',
          city: 'Lyon',
          country: 'FR',
        },
        billingAddress: null,
        phone: '+33612345678',
        shipping,
        paymentMethod,
        acceptTerms: true,
        expectedTotalTTC: priced.body[0].price.totalTTC,
        idempotencyKey: `instructions-${Date.now()}-${++keyN}`,
      });
    expect(res.status).toBe(201);
    expect(res.body.payment).toMatchObject({ method: paymentMethod, provider: 'offline', status: 'pending' });
    return { instructions: res.body.payment.instructions as string, number: res.body.order.number as string };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    [buyer, owner] = await Promise.all(['buyer', 'owner'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    [galets] = await db()
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, domaineId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Bouteille 75 cl')));
    await db().update(productFormats).set({ stock: 1000 }).where(eq(productFormats.id, galets.formatId));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('transfer: the default account of the billing settings, as the owner last saved it, with its BIC and holder', async () => {
    const put = await request(ctx.app).put('/v1/sales/settings/billing').set(bearer(owner)).send(BILLING);
    expect(put.status).toBe(200);
    const { instructions, number } = await checkout('transfer');
    expect(instructions).toContain('IBAN : FR14 2004 1010 0505 0001 3M02 606 · BIC : CCBPFRPPLYO · Titulaire : SCEA Les Vignes Neuves.');
    expect(instructions).not.toContain('FR76 3000');
    expect(instructions).toContain(number);

    // the owner changes the default account: the next checkout shows the new one
    const again = await request(ctx.app)
      .put('/v1/sales/settings/billing')
      .set(bearer(owner))
      .send({ ...BILLING, banks: BILLING.banks.map((b) => ({ ...b, isDefault: !b.isDefault })) });
    expect(again.status).toBe(200);
    const next = await checkout('transfer');
    expect(next.instructions).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189 · BIC : AGRIFRPP · Titulaire : SCEA Les Vignes Neuves.');
    expect(next.instructions).not.toContain('FR14 2004');
  });

  it('transfer: no account in the billing settings → the shop’s settings.banks; neither → the shop will send them', async () => {
    const put = await request(ctx.app)
      .put('/v1/sales/settings/billing')
      .set(bearer(owner))
      .send({ ...BILLING, banks: [] });
    expect(put.status).toBe(200);
    const [shop] = await db().select({ settings: shops.settings }).from(shops).where(eq(shops.id, domaineId));
    await db()
      .update(shops)
      .set({ settings: { ...(shop.settings as object), banks: [{ rib: 'FR7630006000011234567890189', default: true }] } })
      .where(eq(shops.id, domaineId));
    const fallback = await checkout('transfer');
    expect(fallback.instructions).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189.');
    expect(fallback.instructions).not.toContain('BIC');

    await db().update(shops).set({ settings: shop.settings }).where(eq(shops.id, domaineId));
    await db().delete(billingSettings).where(eq(billingSettings.shopId, domaineId));
    await db().update(shopCheckoutSettings).set({ transferInstructions: null }).where(eq(shopCheckoutSettings.shopId, domaineId));
    const none = await checkout('transfer');
    expect(none.instructions).toMatch(
      new RegExp(`^Effectuez un virement de [\\d ,\\s]+€ à l'ordre de Domaine de Démo en indiquant la référence ${none.number}\\.\\n`),
    );
    expect(none.instructions).toMatch(/\nDomaine de Démo vous communiquera ses coordonnées bancaires\.$/);
    expect(none.instructions).not.toContain('IBAN');
  });

  it('transfer and cheque: the shop’s own text (to whose order, where to send the cheque), then the amount and the reference', async () => {
    await db()
      .update(shopCheckoutSettings)
      .set({
        transferInstructions: 'Virement à l’ordre de SCEA Domaine de Démo.',
        chequeInstructions: 'Chèque à l’ordre de SCEA Domaine de Démo, à envoyer au 12 chemin des Vignes, 84100 Orange.',
      })
      .where(eq(shopCheckoutSettings.shopId, domaineId));
    const cheque = await checkout('check');
    expect(cheque.instructions).toMatch(
      new RegExp(
        `^Chèque à l’ordre de SCEA Domaine de Démo, à envoyer au 12 chemin des Vignes, 84100 Orange\\.\\nMontant : [\\d ,\\s]+€ · Référence à indiquer au dos : ${cheque.number}\\.$`,
      ),
    );
    const transfer = await checkout('transfer');
    expect(transfer.instructions).toMatch(
      new RegExp(`^Virement à l’ordre de SCEA Domaine de Démo\\.\\nMontant : [\\d ,\\s]+€ · Référence : ${transfer.number}\\.`),
    );

    // a blank text is no text: the generic sentence comes back
    await db().update(shopCheckoutSettings).set({ chequeInstructions: '   ' }).where(eq(shopCheckoutSettings.shopId, domaineId));
    expect((await checkout('check')).instructions).toMatch(
      /^Envoyez un chèque de [\d ,\s]+€ à l'ordre de Domaine de Démo en indiquant au dos la référence/,
    );
  });
});
