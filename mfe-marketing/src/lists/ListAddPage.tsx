import { DetailLayout, withQueryScope } from 'shared-kernel/kit';
import { ListForm } from './ListForm';
import { useTexts } from './texts';

export default withQueryScope(function ListAddPage() {
  const t = useTexts();
  return (
    <DetailLayout title={t.addTitle} backTo="/dashboard/crm/lists" backLabel={t.back}>
      <ListForm />
    </DetailLayout>
  );
});
