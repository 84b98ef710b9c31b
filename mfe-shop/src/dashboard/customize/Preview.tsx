// The live preview: the real public ShopHeader and ShopBanner rendered with the unsaved values, inside an iframe so
// that the shop's media queries see a computer (1200 px) or a phone (375 px).
import { useState } from 'react';
import { Segmented } from 'antd';
import { ShopBanner, ShopHeader, ShopStyles } from '../../public/ShopFrame';
import { useTexts } from './customize.texts';
import { findVisibleTab, previewShop, type Draft, type PreviewShopBase } from './draft';
import { PreviewFrame } from './PreviewFrame';

type Mode = 'desktop' | 'phone';

export function Preview({ shop, draft, activeKey }: { shop: PreviewShopBase; draft: Draft; activeKey: string | null }) {
  const t = useTexts().preview;
  const [mode, setMode] = useState<Mode>(() => (typeof window !== 'undefined' && window.innerWidth < 600 ? 'phone' : 'desktop'));
  const page = previewShop(shop, draft);
  const active = findVisibleTab(draft.tabs, activeKey);
  const current = active
    ? ([...page.tabs, ...page.tabs.flatMap((tab) => tab.children)].find((tab) => tab.name === (active.name || '…')) ?? null)
    : null;
  const phone = mode === 'phone';
  return (
    <section aria-label={t.title} style={{ display: 'grid', gap: 8, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{t.title}</h2>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          options={[
            { value: 'desktop', label: t.desktop },
            { value: 'phone', label: t.phone },
          ]}
        />
      </div>
      <div style={{ maxWidth: phone ? 375 : undefined }}>
        <PreviewFrame key={mode} width={phone ? 375 : 1200} height={phone ? 640 : 560} title={phone ? t.phoneFrame : t.desktopFrame}>
          <ShopStyles />
          <div className="wzs" style={{ ['--wzs-accent' as string]: draft.color }} data-testid="preview">
            <ShopHeader shop={page} current={current} />
            <ShopBanner shop={page} />
            <h1>{active ? active.name : t.allProducts}</h1>
            {active?.content.kind === 'text' ? (
              <p className="wzs-text">{active.content.text}</p>
            ) : (
              <ul className="wzs-grid">
                {Object.values(t.samples).map((name) => (
                  <li key={name} className="wzs-card">
                    <a href="#">
                      <div className="wzs-visual" aria-hidden="true" />
                      <h3>{name}</h3>
                      <span className="wzs-price">{t.samplePrice}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </PreviewFrame>
      </div>
    </section>
  );
}
