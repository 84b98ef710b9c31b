import { useRef } from 'react';
import { QRCode } from 'antd';
import { useTexts } from './texts';

/** GS1 Digital Link URL of a format: {origin}/gs1/01/{gtin14}[/22/{vintage}]. */
export function digitalLink(origin: string, gtin: string, vintage?: string | null): string {
  const g14 = gtin.replace(/\s/g, '').padStart(14, '0');
  return `${origin}/gs1/01/${g14}${vintage && vintage !== 'NV' ? `/22/${encodeURIComponent(vintage)}` : ''}`;
}

/**
 * Owner/iam only (loaded lazily, never for buyers): the product's QR code, generated locally
 * (antd QRCode on a canvas, no image service), pointing at its GS1 Digital Link, downloadable as PNG.
 */
export default function QrDownload({ gtin, vintage, name }: { gtin: string; vintage?: string | null; name: string }) {
  const t = useTexts();
  const ref = useRef<HTMLDivElement>(null);
  const url = digitalLink(window.location.origin, gtin, vintage);
  const download = () => {
    const canvas = ref.current?.querySelector('canvas');
    if (!canvas) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = `qr-${name.toLowerCase().replace(/[^a-z0-9]+/gi, '-')}-${gtin}.png`;
    a.click();
  };
  return (
    <div className="wzs-field" data-testid="qr">
      <div ref={ref}>
        <QRCode value={url} size={160} type="canvas" bordered={false} />
      </div>
      <p className="wzs-meta" style={{ wordBreak: 'break-all' }}>
        {url}
      </p>
      <button type="button" className="wzs-btn secondary" onClick={download}>
        {t.qrDownload}
      </button>
    </div>
  );
}
