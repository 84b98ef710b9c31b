import { ShopFrame } from './ShopFrame';
import { useTexts } from './texts';

function Legal({ text }: { text: string | null }) {
  const t = useTexts();
  return (
    <section>
      <h1>{t.legalNotice}</h1>
      <p className="wzs-text">{text || '-'}</p>
    </section>
  );
}

/** /{name}/legal-notice and /shops/{id}/legal-notice. */
export default function LegalNoticePage() {
  return <ShopFrame gate={false}>{(shop) => <Legal text={shop.legalNotice} />}</ShopFrame>;
}
