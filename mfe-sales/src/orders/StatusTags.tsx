import { StatusTag } from 'shared-kernel/ui';

const caption = { color: '#777', fontSize: 12, marginInlineEnd: 4 } as const;

/**
 * Order status and payment status (spec §4 labels and colour groups), delivery too when given. With `captions`
 * each tag is preceded by what it is about ('Commande', 'Paiement', 'Livraison'): 'En attente' alone is ambiguous.
 */
export function OrderStatusTags({ status, paymentStatus, deliveryStatus, captions = false }: { status: string; paymentStatus: string; deliveryStatus?: string; captions?: boolean }) {
  return (
    <span className="wz-sales-tags" style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <span data-testid="order-status" title="Statut de la commande">
        {captions && <span style={caption}>Commande</span>}
        <StatusTag kind="order" status={status} />
      </span>
      <span data-testid="payment-status" title="Statut du paiement">
        {captions && <span style={caption}>Paiement</span>}
        <StatusTag kind="payment" status={paymentStatus} />
      </span>
      {deliveryStatus && (
        <span data-testid="delivery-status" title="Statut de la livraison">
          {captions && <span style={caption}>Livraison</span>}
          <StatusTag kind="delivery" status={deliveryStatus} />
        </span>
      )}
    </span>
  );
}
