import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders `children` inside an iframe of `width` CSS pixels, so that the public shop's media queries see the preview's
 * width (desktop or phone), scaled down to fit the available space. Clicks on links are kept inside the preview.
 */
export function PreviewFrame({ width, height, title, children }: { width: number; height: number; title: string; children: ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [available, setAvailable] = useState(width);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.body.style.margin = '0';
    doc.documentElement.lang = 'fr';
    setBody(doc.body);
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth || width);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);
  const scale = Math.min(1, available / width);
  return (
    <div ref={box} style={{ width: '100%', height: height * scale, overflow: 'hidden' }}>
      <iframe
        ref={frame}
        title={title}
        style={{
          width,
          height,
          border: '1px solid #d9d9d9',
          borderRadius: 8,
          background: '#fff',
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          display: 'block',
        }}
      />
      {body &&
        createPortal(
          <div
            onClickCapture={(e) => {
              if ((e.target as HTMLElement).closest('a')) e.preventDefault();
            }}
          >
            {children}
          </div>,
          body,
        )}
    </div>
  );
}
