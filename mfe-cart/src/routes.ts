// mfe-cart's part of the spec §2 route table (DESIGN §1: /cart, checkout, /validate3ds, the PayPal return, grouped-order payers).
// Static and serialisable: the build writes it to dist/routes.json for the gateway's /remotes.json.
import type { RouteMeta } from 'shared-kernel/contracts';

const routes: RouteMeta[] = [
  {
    path: '/cart',
    layout: 'headerOnly',
    roles: ['public', 'buyer', 'owner', 'iam'],
    titleKey: 'cart.cart',
    title: 'Panier',
    titleEn: 'Cart',
  },
  // Return page of the card issuer's 3-D Secure check: not something to search for.
  {
    path: '/validate3ds',
    layout: 'headerOnly',
    roles: ['public', 'buyer'],
    titleKey: 'cart.validate3ds',
    title: 'Validation du paiement',
    titleEn: 'Payment validation',
    searchable: false,
  },
  // Where PayPal sends the payer back (approved or left without paying): not something to search for.
  {
    path: '/paypal-return',
    layout: 'headerOnly',
    roles: ['public', 'buyer'],
    titleKey: 'cart.paypalReturn',
    title: 'Paiement PayPal',
    titleEn: 'PayPal payment',
    searchable: false,
  },
  // A payer's share of a grouped order, opened from the link in the payer's mail (token in the path).
  {
    path: '/payment-group/:token',
    layout: 'headerOnly',
    roles: ['public', 'buyer'],
    titleKey: 'cart.paymentGroup',
    title: 'Paiement partagé',
    titleEn: 'Shared payment',
    searchable: false,
  },
];

export default routes;
