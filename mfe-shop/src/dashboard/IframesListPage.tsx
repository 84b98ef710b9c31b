import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'shared-kernel/router';
import { Alert, Button, Empty, Spin } from 'antd';
import type { ProductListResponse } from 'shared-kernel/contracts';
import { api, ApiError, confirmPopup, notify, useSession } from 'shared-kernel/runtime';
import type { IframeConfig as PublicIframe } from '../public/IframePage';

/** GET /v1/iframes item. */
export type IframeConfig = Omit<PublicIframe, 'urlShop'> & { createdAt: string };

export const KIND_LABELS: Record<IframeConfig['kind'], string> = { list: 'Liste des produits', product: 'Un produit' };

/** The code a site pastes to embed the widget (same as on the configuration page). */
export function embedCode(id: number, name: string, origin = window.location.origin): string {
  return `<iframe src="${origin}/iframes/${id}" title="${name.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="100%" height="900" style="border:0" loading="lazy"></iframe>`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) { await navigator.clipboard.writeText(text); return true; }
  } catch { /* fall back below */ }
  // Older browsers / insecure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text; area.setAttribute('readonly', ''); area.style.position = 'fixed'; area.style.opacity = '0';
  document.body.appendChild(area); area.select();
  let ok = false;
  try { ok = document.execCommand?.('copy') ?? false; } catch { ok = false; }
  area.remove();
  return ok;
}

const dateFmt = (iso: string | Date) => new Date(iso).toLocaleDateString('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** /dashboard/iframes: the shop's embeddable widgets (copy the embed code, open, delete). */
export default function IframesListPage() {
  const shopId = useSession((s) => s.shop?.id ?? null);
  const navigate = useNavigate();
  const [items, setItems] = useState<IframeConfig[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [products, setProducts] = useState<Record<number, string>>({});
  const [copied, setCopied] = useState<number | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setItems(await api.get<IframeConfig[]>('/iframes', { silent: true }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Une erreur est survenue');
      setItems([]);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);
  useEffect(() => {
    if (!shopId || !items?.some((i) => i.productId)) return;
    const ids = [...new Set(items.map((i) => i.productId).filter((x): x is number => !!x))];
    api.get<ProductListResponse>('/products', { silent: true, query: { shopIds: [shopId], filterByProductIds: ids, limit: 100 } })
      .then((r) => setProducts(Object.fromEntries(r.items.map((p) => [p.id, p.name]))))
      .catch(() => { /* names stay '—' */ });
  }, [shopId, items]);

  const copy = async (i: IframeConfig) => {
    const ok = await copyText(embedCode(i.id, i.name));
    if (ok) { setCopied(i.id); notify.success(`Code de l'iframe « ${i.name} » copié`); } else notify.error('Impossible de copier le code : sélectionnez-le sur la page de l\'iframe.');
  };
  const remove = async (i: IframeConfig) => {
    const ok = await confirmPopup({
      title: "Supprimer l'iframe ?", small: true, okText: 'Supprimer', error: true,
      content: `Les sites qui intègrent « ${i.name} » afficheront une page introuvable.`,
    });
    if (!ok) return;
    try {
      await api.del(`/iframes/${i.id}`);
      setItems((list) => (list ?? []).filter((x) => x.id !== i.id));
    } catch { /* snackbar */ }
  };

  return (
    <div style={{ display: 'grid', gap: 16, padding: 16, maxWidth: 1000, width: '100%', margin: '0 auto', boxSizing: 'border-box' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
        <h1 style={{ fontSize: 24, margin: 0 }}>Iframes</h1>
        {items && items.length > 0 && <Button type="primary" onClick={() => navigate('/dashboard/iframes/add')}>Nouvelle iframe</Button>}
      </div>
      <p style={{ margin: 0, color: '#555' }}>Intégrez votre boutique ou un produit sur votre site : copiez le code et collez-le dans une page de votre site.</p>
      {error && <Alert type="error" showIcon title={error} role="alert" action={<Button size="small" onClick={() => void load()}>Réessayer</Button>} />}
      {items === null ? <div style={{ padding: 32, textAlign: 'center' }}><Spin aria-label="Chargement" /></div> : items.length === 0 && !error ? (
        <Empty description="Vous n'avez pas encore d'iframe">
          <Button type="primary" onClick={() => navigate('/dashboard/iframes/add')}>Nouvelle iframe</Button>
        </Empty>
      ) : (
        <ul aria-label="Iframes de la boutique" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {items.map((i) => (
            <li key={i.id} style={{ border: '1px solid #e5e5e5', borderRadius: 10, padding: 12, background: '#fff', display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
              <div style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Link to={`/dashboard/iframes/${i.id}`} style={{ fontWeight: 600, fontSize: 16 }}>{i.name}</Link>
                <div style={{ color: '#555', fontSize: 13 }}>
                  {KIND_LABELS[i.kind]}{i.kind === 'product' && <> · {i.productId ? products[i.productId] ?? `Produit n°${i.productId}` : 'Produit supprimé'}</>} · créée le {dateFmt(i.createdAt)}
                </div>
                <code style={{ display: 'block', fontSize: 12, color: '#333', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', marginTop: 4 }}>{embedCode(i.id, i.name)}</code>
              </div>
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                <Button onClick={() => void copy(i)} aria-label={`Copier le code de ${i.name}`}>{copied === i.id ? 'Copié' : 'Copier le code'}</Button>
                <Button aria-label={`Modifier ${i.name}`} onClick={() => navigate(`/dashboard/iframes/${i.id}`)}>Modifier</Button>
                <Button danger onClick={() => void remove(i)} aria-label={`Supprimer ${i.name}`}>Supprimer</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
