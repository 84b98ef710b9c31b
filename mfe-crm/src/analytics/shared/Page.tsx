import { Alert, Button, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage, LinkButton } from 'shared-kernel/kit';
import { useTexts } from '../texts';

/** The frame of an analytics screen: title, help text, tools (period…), loading / error states, then the content. */
export function AnalyticsPage({
  title,
  help,
  tools,
  query,
  back = true,
  children,
}: {
  title: string;
  help?: string;
  tools?: ReactNode;
  query?: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  back?: boolean;
  children: ReactNode;
}) {
  const t = useTexts();
  return (
    <section style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16, padding: 16, minWidth: 0 }}>
      {back && (
        <div>
          <LinkButton type="link" to="/dashboard/analytics" style={{ paddingInline: 0 }}>
            ← {t.back}
          </LinkButton>
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <h1 style={{ margin: 0, fontSize: 20 }}>{title}</h1>
        {tools}
      </div>
      {help && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {help}
        </Typography.Paragraph>
      )}
      {query?.isPending ? (
        <Skeleton active />
      ) : query?.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(query.error)}
          action={<Button onClick={() => query.refetch()}>{t.retry}</Button>}
        />
      ) : (
        children
      )}
    </section>
  );
}
