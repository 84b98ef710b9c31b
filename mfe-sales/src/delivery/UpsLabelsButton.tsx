// Expéditions: 'Imprimer les étiquettes UPS' of the orders chosen in the list, one PDF with a page per label (the
// orders without a UPS shipment are left out by the api).
import { Button } from 'antd';
import { useAction } from 'shared-kernel/kit';
import { downloadUpsLabels } from './labels.queries';
import { useUpsTexts } from './ups.texts';

export function UpsLabelsButton({ orderIds }: { orderIds: number[] }) {
  const t = useUpsTexts();
  const printing = useAction({ run: (ids: number[]) => downloadUpsLabels(ids) });
  return (
    <Button disabled={!orderIds.length} loading={printing.pending} onClick={() => void printing.run(orderIds)}>
      {t.printLabels(orderIds.length)}
    </Button>
  );
}
