import { useState } from 'react';
import { Button, Select, Typography } from 'antd';
import { ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useSuppliers } from '../../suppliers/suppliers.queries';
import { fetchSupplierInvoices, useSupplierInvoiceInbox, useSupplierInvoices } from '../invoices.queries';
import { useTexts } from '../texts';
import { UploadDialog } from '../upload/UploadDialog';
import { supplierInvoiceColumns } from './columns';
import { supplierInvoicesList } from './filters';

function InboxAddress() {
  const t = useTexts();
  const inbox = useSupplierInvoiceInbox();
  if (!inbox.data) return null;
  return (
    <Typography.Paragraph style={{ margin: 0 }} type="secondary">
      {t.inbox} : <Typography.Text copyable>{inbox.data.address}</Typography.Text> — {t.inboxHelp}
    </Typography.Paragraph>
  );
}

export default withQueryScope(function SupplierInvoicesListPage() {
  const t = useTexts();
  const list = useUrlListState(supplierInvoicesList);
  const query = useSupplierInvoices(list.apiQuery);
  const suppliers = useSuppliers({ page: 1, pageSize: 100 });
  const [uploading, setUploading] = useState(false);
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <InboxAddress />
      <ResourceTable
        list={list}
        query={query}
        columns={supplierInvoiceColumns}
        label={t.list}
        rowHref={(i) => `/dashboard/purchases/invoices/${i.id}`}
        search
        exportCsv={{ filename: 'factures-fournisseurs', fetchPage: fetchSupplierInvoices }}
        toolbar={
          <>
            <Select
              aria-label={t.supplier}
              placeholder={t.supplier}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 220 }}
              loading={suppliers.isLoading}
              value={list.state.filters.supplierId}
              onChange={(v?: number) => list.setFilter('supplierId', v)}
              options={(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.company }))}
            />
            <Button type="primary" onClick={() => setUploading(true)}>
              {t.receive}
            </Button>
          </>
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
      {uploading && <UploadDialog open={uploading} onClose={() => setUploading(false)} />}
    </section>
  );
});
