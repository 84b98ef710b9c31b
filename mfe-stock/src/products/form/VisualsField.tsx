// Visuals of a product or a format: upload (PNG, JPEG or WebP), crop (react-easy-crop, 500 px high, §9), reorder, delete.
// The api re-encodes each image and answers its public url (/v1/media/<hash>.webp); the field holds the urls in order.
import { useCallback, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button, Modal, Slider, Space } from 'antd';
import { useAction } from 'shared-kernel/kit';
import { uploadMedia } from '../products.queries';
import { useTexts } from '../texts';

/** §9: cropper 500 high. */
export const CROPPER_HEIGHT = 500;

async function cropToBlob(src: string, area: Area, type: string): Promise<Blob> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width);
  canvas.height = Math.round(area.height);
  canvas.getContext('2d')!.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, area.width, area.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('crop'))), type === 'image/png' ? 'image/png' : 'image/jpeg', 0.92),
  );
}

export function VisualsField({
  value,
  onChange,
  readOnly,
  label,
}: {
  value: string[] | undefined;
  onChange: (v: string[]) => void;
  readOnly?: boolean;
  label: string;
}) {
  const t = useTexts();
  const list = value ?? [];
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ url: string; type: string } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const move = (i: number, d: -1 | 1) => {
    const next = [...list];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange(next);
  };
  const close = () => {
    if (source) URL.revokeObjectURL(source.url);
    setSource(null);
  };
  const sending = useAction({
    run: async (from: { url: string; type: string }, cropped: Area) => {
      const uploaded = await uploadMedia(await cropToBlob(from.url, cropped, from.type));
      onChange([...list, uploaded.url]);
      close();
    },
  });
  const send = async () => {
    if (!source || !area) return;
    await sending.run(source, area);
  };

  return (
    <div role="group" aria-label={label}>
      <Space wrap size={12}>
        {list.map((url, i) => (
          <figure key={url} style={{ margin: 0, display: 'grid', gap: 4, justifyItems: 'center' }}>
            <img
              src={url}
              alt={t.imageAlt(i)}
              width={96}
              height={96}
              style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #ddd' }}
            />
            {!readOnly && (
              <Space size={2}>
                <Button size="small" aria-label={`${t.moveUp} ${i + 1}`} disabled={i === 0} onClick={() => move(i, -1)}>
                  ←
                </Button>
                <Button size="small" aria-label={`${t.moveDown} ${i + 1}`} disabled={i === list.length - 1} onClick={() => move(i, 1)}>
                  →
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={`${t.deleteImage} ${i + 1}`}
                  onClick={() => onChange(list.filter((_, k) => k !== i))}
                >
                  ✕
                </Button>
              </Space>
            )}
          </figure>
        ))}
        {!readOnly && (
          <>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              hidden
              aria-label={t.upload}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setZoom(1);
                setCrop({ x: 0, y: 0 });
                setSource({ url: URL.createObjectURL(file), type: file.type });
              }}
            />
            <Button onClick={() => input.current?.click()}>{t.upload}</Button>
          </>
        )}
      </Space>
      <Modal
        open={!!source}
        title={t.crop}
        onCancel={close}
        onOk={() => void send()}
        okText={t.cropOk}
        cancelText={t.cancel}
        confirmLoading={sending.pending}
        width={720}
        destroyOnHidden
      >
        <div style={{ position: 'relative', height: CROPPER_HEIGHT, background: '#222' }}>
          {source && (
            <Cropper
              image={source.url}
              crop={crop}
              zoom={zoom}
              aspect={1}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onCropComplete}
            />
          )}
        </div>
        <label style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 12 }}>
          {t.zoom}
          <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} style={{ flex: 1 }} />
        </label>
      </Modal>
    </div>
  );
}
