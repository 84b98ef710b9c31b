// /dashboard/orders/:id: see ./OrderDetail.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import { OrderDetail } from './OrderDetail';

export default withQueryScope(function OrderDetailPage() {
  return <OrderDetail kind="order" texts={useTexts().kind} />;
});
