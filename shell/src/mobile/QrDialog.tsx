import { useState } from 'react';
import { Modal, QRCode } from 'antd';

/** Contact-form page of the shop (spec §2: auth route with the shop id). */
export function contactFormUrl(origin: string, shopCode: string): string {
  return `${origin.replace(/\/+$/, '')}/auth/register?id=${encodeURIComponent(shopCode)}`;
}

/** QR code of the contact form, generated locally (antd QRCode, no image service). Lazy chunk. */
export default function QrDialog({ open, onClose, shopCode }: { open: boolean; onClose: () => void; shopCode: string }) {
  const url = contactFormUrl(window.location.origin, shopCode);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="QR code du formulaire de contact" width="min(360px, 100vw)" destroyOnHidden>
      <div className="wz-qr">
        <QRCode value={url} size={220} bordered={false} />
        <a href={url} target="_blank" rel="noopener noreferrer" className="wz-qr__link">
          {url}
        </a>
        <button type="button" className="wz-btn" onClick={() => void copy()}>
          {copied ? 'Lien copié' : 'Copier le lien'}
        </button>
      </div>
    </Modal>
  );
}
