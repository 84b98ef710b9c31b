// /dashboard/orders: see ./OrdersList.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import { OrdersList } from './OrdersList';

export default withQueryScope(function OrdersListPage() {
  return <OrdersList kind="order" texts={useTexts().kind} />;
});
