// See ./InvoicesList.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { InvoicesList } from './InvoicesList';

export default withQueryScope(function DepositsListPage() {
  return <InvoicesList kind="deposit" />;
});
