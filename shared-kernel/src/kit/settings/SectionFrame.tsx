// The frame of a settings section that loads its values: the intro, then a skeleton while loading, the error with
// 'Réessayer', or the form once the values are there (the sections of every remote: infos, billing, delivery…).
import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../errors';

export function SectionFrame<T>({
  intro,
  query,
  texts,
  children,
}: {
  intro: ReactNode;
  query: UseQueryResult<T>;
  texts: { loadError: string; retry: string };
  children: (data: T) => ReactNode;
}) {
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 900 }}>
      <p style={{ margin: 0, color: '#555' }}>{intro}</p>
      {query.isPending && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(query.error, texts.loadError)}
          action={<Button onClick={() => void query.refetch()}>{texts.retry}</Button>}
        />
      )}
      {query.isSuccess && children(query.data)}
    </div>
  );
}
