// Dashboard widget 'stockAlerts': formats at or under their alert threshold, each linked to its stock page.
import { Alert, Flex, List, Skeleton, Typography } from 'antd';
import { withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useStockAlerts } from './stocks.queries';

export default withQueryScope(function StockAlertsWidget() {
  const { data, isPending, isError } = useStockAlerts();
  if (isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Chargement">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  if (isError) return <Alert type="warning" showIcon title="Les alertes de stock n'ont pas pu être chargées" />;
  if (!data.length) return <Typography.Text type="secondary">Aucun format sous son seuil d'alerte</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      <List
        size="small"
        dataSource={data.slice(0, 5)}
        renderItem={(a) => (
          <List.Item>
            <Link to={`/dashboard/stocks/${a.formatId}`}>{a.label}</Link>
            <Typography.Text type="danger">
              {a.available} / seuil {a.threshold}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Link to="/dashboard/stocks?underThreshold=true">Voir les {data.length} format(s) sous le seuil</Link>
    </Flex>
  );
});
