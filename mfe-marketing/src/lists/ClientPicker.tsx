// Add clients to a static list: search the client file, tick several, add them in one call.
import { Button, Checkbox, Empty, Input, Modal, Spin, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useClientSearch, useMembersChange } from './lists.queries';
import { useTexts } from './texts';

export function ClientPicker({ listId, open, onClose }: { listId: number; open: boolean; onClose: () => void }) {
  const t = useTexts();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const [picked, setPicked] = useState<number[]>([]);
  const search = useClientSearch(deferred.trim());
  const add = useMembersChange(listId, 'add');
  const close = () => {
    setPicked([]);
    setQ('');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t.addMembersTitle}
      onCancel={close}
      destroyOnHidden
      footer={
        <Button
          type="primary"
          disabled={!picked.length}
          loading={add.isPending}
          onClick={async () => {
            try {
              const res = await add.mutateAsync(picked);
              notify.success(res.message);
              close();
            } catch (err) {
              notify.error(errorMessage(err));
            }
          }}
        >
          {t.pickAdd(picked.length)}
        </Button>
      }
    >
      <Input.Search aria-label={t.pickSearch} placeholder={t.pickSearch} value={q} onChange={(e) => setQ(e.target.value)} allowClear />
      <div style={{ maxHeight: 360, overflow: 'auto', marginTop: 12, display: 'grid', gap: 4 }}>
        {search.isLoading ? (
          <Spin />
        ) : !search.data?.items.length ? (
          <Empty description={t.membersEmpty} />
        ) : (
          <Checkbox.Group value={picked} onChange={(v) => setPicked(v as number[])} style={{ display: 'grid', gap: 4 }}>
            {search.data.items.map((c) => (
              <Checkbox key={c.id} value={c.id}>
                {c.name} {c.email ? `· ${c.email}` : ''} {!c.marketingConsent && <Tag>{t.noConsentTag}</Tag>}
              </Checkbox>
            ))}
          </Checkbox.Group>
        )}
      </div>
    </Modal>
  );
}
