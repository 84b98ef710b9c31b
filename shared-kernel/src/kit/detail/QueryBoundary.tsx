import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'shared-kernel/router';
import { errorMessage, isNotFoundError } from '../errors';
import { kitTexts } from '../kit-texts';
import { ResourceNotFound, type ResourceNotFoundProps } from './ResourceNotFound';

/** The numeric id of the route (`:id`), or null when it is not a positive integer (then show ResourceNotFound). */
export function useIdParam(name = 'id'): number | null {
  const raw = useParams()[name];
  return parseId(raw);
}

export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

export interface QueryBoundaryProps<D> {
  query: Pick<UseQueryResult<D, unknown>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** Where ResourceNotFound leads back to (404, 403, 400 answers, or `missing`). */
  notFound: ResourceNotFoundProps;
  /** The object cannot exist (malformed id in the URL): ResourceNotFound without asking the api. */
  missing?: boolean;
  children: (data: D) => ReactNode;
}

/** Loading skeleton, 'not found', error with 'Réessayer', or the page once the object is there. */
export function QueryBoundary<D>({ query, notFound, missing, children }: QueryBoundaryProps<D>) {
  const t = kitTexts.useTexts();
  if (missing || (query.isError && isNotFoundError(query.error))) return <ResourceNotFound {...notFound} />;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <Result
        status="error"
        title={t.loadError}
        subTitle={errorMessage(query.error, t.genericError)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label={t.loading} style={{ padding: 16 }}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}
