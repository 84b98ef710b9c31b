// /dashboard/payments/unpaids: see ./OpenInvoicesList.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { OpenInvoicesList } from './OpenInvoicesList';

export default withQueryScope(function UnpaidsPage() {
  return <OpenInvoicesList unpaid />;
});
