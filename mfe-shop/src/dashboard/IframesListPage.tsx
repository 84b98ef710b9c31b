// /dashboard/iframes: the shop's embeddable widgets (copy the embed code, open, delete), a kit list (ResourceTable):
// page, page size, sort, search and the kind filter in the URL; a row opens /dashboard/iframes/:id.
import { useMemo, useState } from 'react';
import { Flex, Typography, theme } from 'antd';
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { confirmPopup, notify, useSession } from 'shared-kernel/runtime';
import { embedCode, iframeColumns } from './iframes.columns';
import { iframesList } from './iframes.filters';
import { useDeleteIframe, useIframeProductNames, useIframes } from './iframes.queries';
import { useTexts } from './iframes.texts';

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  // Older browsers / insecure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand?.('copy') ?? false;
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export default withQueryScope(function IframesListPage() {
  const t = useTexts();
  const { token } = theme.useToken();
  const shopId = useSession((s) => s.shop?.id ?? null);
  const list = useUrlListState(iframesList);
  const query = useIframes(list.apiQuery);
  const products = useIframeProductNames(shopId, query.data?.items);
  const { mutate: removeIframe } = useDeleteIframe();
  const [copiedId, setCopiedId] = useState<number | null>(null);

  const columns = useMemo(
    () =>
      iframeColumns({
        products,
        copiedId,
        onCopy: (i) =>
          void copyText(embedCode(i.id, i.name)).then((ok) => {
            if (ok) {
              setCopiedId(i.id);
              notify.success(t.copyDone(i.name));
            } else notify.error(t.copyFailed);
          }),
        onRemove: (i) =>
          void confirmPopup({ title: t.removeTitle, small: true, okText: t.remove, error: true, content: t.removeText(i.name) }).then(
            (ok) => {
              if (ok) removeIframe(i.id); // an error shows as a snackbar
            },
          ),
      }),
    [products, copiedId, removeIframe, t],
  );
  const addButton = (
    <LinkButton type="primary" to="/dashboard/iframes/add">
      {t.add}
    </LinkButton>
  );
  const hasIframes = !!query.data && (query.data.total > 0 || list.hasActiveFilters);

  return (
    <Flex vertical gap={16} style={{ padding: token.padding, maxWidth: 1100, width: '100%', margin: '0 auto', boxSizing: 'border-box' }}>
      <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
        {t.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t.intro}
      </Typography.Paragraph>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.list}
        rowHref={(i) => `/dashboard/iframes/${i.id}`}
        search={hasIframes}
        toolbar={hasIframes ? <Flex style={{ marginInlineStart: 'auto' }}>{addButton}</Flex> : undefined}
        emptyAction={addButton}
        texts={{ empty: t.empty }}
      />
    </Flex>
  );
});
