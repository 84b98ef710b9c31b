// /dashboard/payments/outstandings: see ./OpenInvoicesList.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { OpenInvoicesList } from './OpenInvoicesList';

export default withQueryScope(function OutstandingsPage() {
  return <OpenInvoicesList unpaid={false} />;
});
