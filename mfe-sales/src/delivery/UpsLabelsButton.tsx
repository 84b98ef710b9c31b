// Expéditions: 'Imprimer les étiquettes UPS' of the orders chosen in the list, one PDF with a page per label (the
// orders without a UPS shipment are left out by the api).
import { useState } from 'react';
import { Button } from 'antd';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { downloadUpsLabels } from './labels.queries';
import { useUpsTexts } from './ups.texts';

export function UpsLabelsButton({ orderIds }: { orderIds: number[] }) {
  const t = useUpsTexts();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      disabled={!orderIds.length}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadUpsLabels(orderIds);
        } catch (err) {
          notify.error(errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t.printLabels(orderIds.length)}
    </Button>
  );
}
