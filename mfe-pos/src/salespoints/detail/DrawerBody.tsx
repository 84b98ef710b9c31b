// The body of a salespoint drawer (a ticket, a closing) while its query runs: the content once loaded, a 'not found'
// warning for an id that does not exist, the load error with 'Réessayer', else a skeleton.
import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { errorMessage, isNotFoundError } from 'shared-kernel/kit';
import { useTexts } from '../texts';

export function DrawerBody({
  content,
  query,
  notFound,
}: {
  content: ReactNode | null;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  notFound: string;
}) {
  const all = useTexts();
  if (content) return <>{content}</>;
  if (query.isError)
    return isNotFoundError(query.error) ? (
      <Alert type="warning" showIcon title={notFound} />
    ) : (
      <Alert
        type="error"
        showIcon
        title={all.loadError}
        description={errorMessage(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {all.retry}
          </Button>
        }
      />
    );
  return (
    <div role="status" aria-busy="true">
      <Skeleton active paragraph={{ rows: 10 }} />
    </div>
  );
}
