// /dashboard/orders/samples: see ./SalesOrdersList.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { SalesOrdersList } from './SalesOrdersList';

export default withQueryScope(function SamplesListPage() {
  return <SalesOrdersList subType="sample" />;
});
