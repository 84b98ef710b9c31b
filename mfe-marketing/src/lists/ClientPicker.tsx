// Add clients to a static list: search the client file (name, company, mail) and filter by city, tick several across
// searches and pages (the ticks are kept by id, not by what is on screen), add them in one call.
import { Button, Checkbox, Empty, Flex, Input, Modal, Pagination, Spin, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useAction } from 'shared-kernel/kit';
import { PICKER_PAGE_SIZE, useClientSearch, useMembersChange, type PickedClient } from './lists.queries';
import { useTexts } from './texts';

export function ClientPicker({ listId, open, onClose }: { listId: number; open: boolean; onClose: () => void }) {
  const t = useTexts();
  const [q, setQ] = useState('');
  const [city, setCity] = useState('');
  const [page, setPage] = useState(1);
  const criteria = useDeferredValue({ q: q.trim(), city: city.trim(), page });
  const [picked, setPicked] = useState<ReadonlyMap<number, PickedClient>>(new Map());
  const search = useClientSearch(criteria);
  const add = useMembersChange(listId, 'add');
  const toggle = (c: PickedClient, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(c.id, c);
      else next.delete(c.id);
      return next;
    });
  const close = () => {
    setPicked(new Map());
    setQ('');
    setCity('');
    setPage(1);
    onClose();
  };
  const adding = useAction({ run: (ids: number[]) => add.mutateAsync(ids), success: (res) => res.message, onDone: close });
  const items = search.data?.items ?? [];
  return (
    <Modal
      open={open}
      title={t.addMembersTitle}
      onCancel={close}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={!picked.size} loading={adding.pending} onClick={() => void adding.run([...picked.keys()])}>
          {t.pickAdd(picked.size)}
        </Button>
      }
    >
      <Flex gap={8} wrap>
        <Input.Search
          aria-label={t.pickSearch}
          placeholder={t.pickSearch}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          allowClear
          style={{ flex: '2 1 220px' }}
        />
        <Input
          aria-label={t.pickCity}
          placeholder={t.pickCity}
          value={city}
          onChange={(e) => {
            setCity(e.target.value);
            setPage(1);
          }}
          allowClear
          autoComplete="address-level2"
          style={{ flex: '1 1 140px' }}
        />
      </Flex>
      {picked.size > 0 && (
        <Flex gap={4} wrap align="center" style={{ marginTop: 12 }} aria-live="polite">
          <strong>{t.picked(picked.size)}</strong>
          {[...picked.values()].map((c) => (
            <Tag key={c.id} closable onClose={() => toggle(c, false)}>
              {c.name}
            </Tag>
          ))}
          <Button type="link" size="small" onClick={() => setPicked(new Map())}>
            {t.pickClear}
          </Button>
        </Flex>
      )}
      <div style={{ maxHeight: 360, overflow: 'auto', marginTop: 12, display: 'grid', gap: 4 }}>
        {search.isLoading ? (
          <Spin />
        ) : !items.length ? (
          <Empty description={t.pickEmpty} />
        ) : (
          items.map((c) => (
            <Checkbox key={c.id} checked={picked.has(c.id)} onChange={(e) => toggle(c, e.target.checked)}>
              {c.name} {c.email ? `· ${c.email}` : ''} {!c.marketingConsent && <Tag>{t.noConsentTag}</Tag>}
            </Checkbox>
          ))
        )}
      </div>
      {(search.data?.total ?? 0) > PICKER_PAGE_SIZE && (
        <nav aria-label={t.pickPages} style={{ marginTop: 12 }}>
          <Pagination
            size="small"
            simple
            current={page}
            pageSize={PICKER_PAGE_SIZE}
            total={search.data!.total}
            showSizeChanger={false}
            onChange={setPage}
          />
        </nav>
      )}
    </Modal>
  );
}
