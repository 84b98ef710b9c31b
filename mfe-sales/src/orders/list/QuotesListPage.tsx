// /dashboard/orders/quotes: see ./SalesOrdersList.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { SalesOrdersList } from './SalesOrdersList';

export default withQueryScope(function QuotesListPage() {
  return <SalesOrdersList subType="quote" />;
});
