// /quotes/:token: the client reads the quote the shop mailed (no account needed: the link's token opens it), downloads
// its PDF, and accepts it with their name ('bon pour accord': the order is validated) or declines it. Once answered,
// expired or cancelled, the page says so and offers no answer. Phone first: one column, full-width buttons.
import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Modal, Result, Spin, Table, Tag, Typography } from 'antd';
import type { PageProps, PublicQuote } from 'shared-kernel/contracts';
import { PUBLIC_QUOTE_STATE_LABELS } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { FormField, SubmitButton, useAction, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useParams } from 'shared-kernel/router';
import { ApiError, notify, useLayoutMode } from 'shared-kernel/runtime';
import { quoteAcceptSchema } from './quoteAnswer.schema';
import { downloadPublicQuote, useAnswerQuote, usePublicQuote } from './quotes.queries';
import { useTexts } from './texts';

const STATE_COLORS: Record<PublicQuote['state'], string> = {
  open: 'blue',
  accepted: 'green',
  refused: 'red',
  expired: 'default',
  cancelled: 'default',
};

const rate = (r: number) => `${String(r).replace('.', ',')} %`;

function AnswerForm({ token }: { token: string }) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const answer = useAnswerQuote(token);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const form = useZodForm(quoteAcceptSchema, {
    // a client who has not tried to accept yet is not told the name is missing
    mode: 'onSubmit',
    defaultValues: { name: '' },
  });
  const refusal = useAction({
    run: () => answer.mutateAsync({ answer: 'refuse', reason: reason.trim() || undefined }),
    success: (r) => r.message,
    onDone: () => setRefusing(false),
  });

  return (
    <Card title={t.answerTitle} size="small">
      <p style={{ marginTop: 0 }}>{t.acceptHint}</p>
      <ZodForm
        form={form}
        onSubmit={async ({ name }) => {
          const r = await answer.mutateAsync({ answer: 'accept', name });
          notify.success(r.message);
        }}
      >
        <FormField name="name" id="quote-signer" label={t.name} required autoComplete="name" maxLength={200} />
        <Flex wrap gap={8} vertical={mobile}>
          <SubmitButton block={mobile}>{t.accept}</SubmitButton>
          <Button danger onClick={() => setRefusing(true)} block={mobile} disabled={answer.isPending}>
            {t.refuse}
          </Button>
        </Flex>
      </ZodForm>
      <Modal
        open={refusing}
        title={t.refuseTitle}
        onCancel={() => setRefusing(false)}
        width={mobile ? '100%' : 480}
        footer={[
          <Button key="back" onClick={() => setRefusing(false)}>
            {t.back}
          </Button>,
          <Button key="ok" danger type="primary" loading={refusal.pending} onClick={() => void refusal.run()}>
            {t.refuseOk}
          </Button>,
        ]}
        destroyOnHidden
      >
        <label htmlFor="quote-refuse-reason">{t.reason}</label>
        <Input.TextArea id="quote-refuse-reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Card>
  );
}

export default function QuoteAnswerPage(_props: PageProps) {
  const { token = '' } = useParams();
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const q = usePublicQuote(token);
  const quote = q.data;

  if (q.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }} role="status">
        <Spin /> <span style={{ marginLeft: 8 }}>{t.loading}</span>
      </Flex>
    );
  }
  if (!quote) {
    const gone = q.error instanceof ApiError && q.error.status === 404;
    return gone ? (
      <Result status="warning" title={t.notFound} subTitle={t.notFoundHint} />
    ) : (
      <Result status="error" title={t.loadError} extra={<Button onClick={() => void q.refetch()}>{t.retry}</Button>} />
    );
  }

  const answeredAt = quote.answer ? formatDate(quote.answer.at) : null;
  return (
    <main style={{ maxWidth: 880, margin: '0 auto', padding: mobile ? 12 : 24, display: 'grid', gap: 16 }}>
      <Flex wrap justify="space-between" align="flex-start" gap={12}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
            {t.title(quote.number)}
          </Typography.Title>
          <div>{t.from(quote.seller.name)}</div>
          <div>{t.for(quote.client.name)}</div>
        </div>
        <Flex vertical align={mobile ? 'flex-start' : 'flex-end'} gap={4}>
          <Tag color={STATE_COLORS[quote.state]} data-testid="quote-state">
            {PUBLIC_QUOTE_STATE_LABELS[quote.state]}
          </Tag>
          <span>
            {t.date} : {formatDate(quote.issuedAt)}
          </span>
          {quote.validUntil && (
            <span>
              {t.validUntil} : {formatDate(quote.validUntil)}
            </span>
          )}
          <Button onClick={() => void downloadPublicQuote(token, quote.number).catch((e: Error) => notify.error(e.message))}>
            {t.pdf}
          </Button>
        </Flex>
      </Flex>

      {quote.answer && answeredAt && (
        <Alert
          type={quote.state === 'accepted' ? 'success' : 'info'}
          showIcon
          title={quote.answer.by ? t.answeredBy(quote.answer.by, answeredAt) : t.answeredAt(answeredAt)}
        />
      )}

      <section aria-label={t.lines}>
        <Table
          size="small"
          rowKey="position"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={quote.lines.map((l, position) => ({ ...l, position }))}
          columns={[
            {
              title: t.label,
              key: 'label',
              render: (_, l) => (
                <>
                  <strong>{l.label}</strong>
                  {l.details && <div style={{ fontSize: 12 }}>{l.details}</div>}
                </>
              ),
            },
            { title: t.quantity, dataIndex: 'quantity', align: 'right' },
            { title: t.unitPrice, key: 'unit', align: 'right', render: (_, l) => formatCents(l.unitPriceHT) },
            { title: 'TVA', key: 'vat', align: 'right', render: (_, l) => rate(l.vatRate) },
            { title: t.total, key: 'total', align: 'right', render: (_, l) => formatCents(l.totalHT) },
          ]}
        />
      </section>

      <Flex justify="flex-end">
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '4px 24px', margin: 0 }} data-testid="quote-totals">
          <dt>{t.totalHT}</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{formatCents(quote.totalHT)}</dd>
          {quote.vat.map((v) => (
            <div key={v.rate} style={{ display: 'contents' }}>
              <dt>{t.vatAt(rate(v.rate))}</dt>
              <dd style={{ margin: 0, textAlign: 'right' }}>{formatCents(v.vat)}</dd>
            </div>
          ))}
          <dt>
            <strong>{t.totalTTC}</strong>
          </dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>
            <strong>{formatCents(quote.totalTTC)}</strong>
          </dd>
        </dl>
      </Flex>

      {quote.notes && (
        <Card size="small" title={t.notes}>
          <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{quote.notes}</p>
        </Card>
      )}
      <p style={{ margin: 0 }}>
        {t.terms} : {quote.paymentTerms}
      </p>

      {quote.state === 'open' && <AnswerForm token={token} />}

      {(quote.seller.email || quote.seller.phone) && (
        <p style={{ margin: 0 }}>{t.contact([quote.seller.email, quote.seller.phone].filter(Boolean).join(' · '))}</p>
      )}
    </main>
  );
}
