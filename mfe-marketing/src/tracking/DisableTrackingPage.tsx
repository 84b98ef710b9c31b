// /disable-tracking-notif?token=… (public, layout default): the link at the bottom of every campaign mail. It says
// which shop and address it is about (partly hidden) and whether the person gets the campaigns and is tracked, and
// lets them unsubscribe and / or stop tracking (or undo either). French, English with ?lang=en.
//   GET /v1/t/p/:token → { shopName, email, unsubscribed, trackingOff } · PUT /v1/t/p/:token { unsubscribed?, trackingOff? }
import { useState } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { errorMessage, isNotFoundError, withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { textsFor, useTexts } from './texts';
import { useChangeTrackingPreferences, useTrackingPreferences } from './tracking.queries';
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export default withQueryScope(function DisableTrackingPage() {
  const [params] = useSearchParams();
  const pageTexts = useTexts();
  const t = params.get('lang') === 'en' ? textsFor('en') : params.get('lang') === 'fr' ? textsFor('fr') : pageTexts;
  const token = params.get('token') ?? '';
  const valid = TOKEN.test(token);
  const [done, setDone] = useState<string | null>(null);
  const query = useTrackingPreferences(token, valid);
  const change = useChangeTrackingPreferences(token, (p, body) => {
    if (body.unsubscribed !== undefined) setDone(body.unsubscribed ? t.doneUnsubscribed(p.shopName) : t.doneResubscribed(p.shopName));
    else setDone(body.trackingOff ? t.doneTrackingOff : t.doneTrackingOn);
  });

  let body;
  if (!valid) body = <Alert type="warning" showIcon title={t.noToken} />;
  else if (query.isPending) body = <p role="status">{t.loading}</p>;
  else if (query.isError)
    body = isNotFoundError(query.error) ? (
      <Alert type="warning" showIcon title={t.invalid} />
    ) : (
      <Alert
        type="error"
        showIcon
        title={t.error}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        }
      />
    );
  else {
    const p = query.data;
    body = (
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t.intro(p.shopName, p.email)}</Typography.Paragraph>
        {done && <Alert type="success" showIcon role="status" title={done} />}
        {change.isError && <Alert type="error" showIcon role="alert" title={errorMessage(change.error)} />}
        <Typography.Paragraph strong style={{ margin: 0 }}>
          {p.unsubscribed ? t.unsubscribedState(p.shopName) : t.subscribed(p.shopName)}
        </Typography.Paragraph>
        <Button
          type={p.unsubscribed ? 'default' : 'primary'}
          danger={!p.unsubscribed}
          loading={change.isPending && change.variables?.unsubscribed !== undefined}
          onClick={() => change.mutate({ unsubscribed: !p.unsubscribed })}
          style={{ width: 'fit-content' }}
        >
          {p.unsubscribed ? t.resubscribe : t.unsubscribe}
        </Button>
        <Typography.Paragraph style={{ margin: 0 }}>{p.trackingOff ? t.trackingOffState : t.trackingOn}</Typography.Paragraph>
        <Button
          loading={change.isPending && change.variables?.trackingOff !== undefined}
          onClick={() => change.mutate({ trackingOff: !p.trackingOff })}
          style={{ width: 'fit-content' }}
        >
          {p.trackingOff ? t.trackingOnAgain : t.trackingOff}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.privacy}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <main style={{ display: 'flex', justifyContent: 'center', padding: 16 }}>
      <Card style={{ maxWidth: 560, width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {t.title}
        </Typography.Title>
        {body}
      </Card>
    </main>
  );
});
