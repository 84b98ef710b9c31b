// The email as it renders: the server's sanitised HTML in a sandboxed iframe (no script, no same-origin, no form, no
// top navigation), desktop (600 px) or phone (375 px) width.
import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useCommonTexts } from './texts';

export function EmailPreview({ html, loading, title }: { html: string | undefined; loading?: boolean; title?: string }) {
  const t = useCommonTexts();
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'center' }}>
      <Segmented
        aria-label={t.device}
        value={device}
        onChange={(v) => setDevice(v as 'desktop' | 'phone')}
        options={[
          { value: 'desktop', label: t.desktop },
          { value: 'phone', label: t.phone },
        ]}
      />
      {loading && html === undefined ? (
        <Skeleton active />
      ) : (
        <iframe
          title={title ?? t.previewTitle}
          sandbox=""
          srcDoc={html ?? ''}
          data-device={device}
          style={{
            width: device === 'desktop' ? 640 : 375,
            maxWidth: '100%',
            height: 640,
            border: '1px solid #ddd',
            borderRadius: 8,
            background: '#fff',
          }}
        />
      )}
    </div>
  );
}
