// See ./InvoicesList.tsx.
import { withQueryScope } from 'shared-kernel/kit';
import { InvoicesList } from './InvoicesList';

export default withQueryScope(function CreditNotesListPage() {
  return <InvoicesList kind="credit" />;
});
