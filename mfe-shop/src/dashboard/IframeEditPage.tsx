import { useEffect, useState, type FormEvent } from 'react';
import { withQueryScope } from 'shared-kernel/kit';
import { useNavigate, useParams } from 'shared-kernel/router';
import { ApiError, useSession } from 'shared-kernel/runtime';
import { useIframe, useIframeProductChoices, useSaveIframe } from './iframes.queries';

/** /dashboard/iframes/add and /dashboard/iframes/{id}: configure an embeddable widget and copy its embed code. */
export default withQueryScope(function IframeEditPage() {
  const { id } = useParams();
  const isNew = !id;
  const navigate = useNavigate();
  const shopId = useSession((s) => s.shop?.id ?? null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'list' | 'product'>('list');
  const [productId, setProductId] = useState<number | ''>('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [copied, setCopied] = useState(false);
  const existing = useIframe(id);
  const save = useSaveIframe();
  useEffect(() => {
    if (existing.data) {
      setName(existing.data.name);
      setKind(existing.data.kind);
      setProductId(existing.data.productId ?? '');
    }
  }, [existing.data]);
  const prods = useIframeProductChoices(shopId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const body = { name, kind, productId: kind === 'product' && productId !== '' ? Number(productId) : null };
      const saved = await save.mutateAsync({ id, input: body });
      if (isNew) navigate(`/dashboard/iframes/${saved.id}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError) setError({ field: err.field, message: err.message });
    } finally {
      setSaving(false);
    }
  };
  if (!isNew && existing.isError)
    return (
      <main style={{ padding: 24 }}>
        <h1>Iframe introuvable</h1>
      </main>
    );
  const embed = !isNew
    ? `<iframe src="${window.location.origin}/iframes/${id}" title="${name.replace(/"/g, '&quot;')}" width="100%" height="900" style="border:0" loading="lazy"></iframe>`
    : '';
  const fieldErr = (f: string) =>
    error?.field === f ? (
      <span role="alert" style={{ color: '#b42318', display: 'block' }}>
        {error.message}
      </span>
    ) : null;
  return (
    <main style={{ padding: 24, maxWidth: 720 }}>
      <h1>{isNew ? 'Nouvelle iframe' : `Iframe « ${name} »`}</h1>
      <form onSubmit={submit} noValidate style={{ display: 'grid', gap: 14 }}>
        <label>
          Nom
          <br />
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            required
            style={{ width: '100%', padding: 8 }}
            aria-invalid={error?.field === 'name'}
          />
          {fieldErr('name')}
        </label>
        <fieldset>
          <legend>Contenu</legend>
          <label>
            <input type="radio" name="kind" checked={kind === 'list'} onChange={() => setKind('list')} /> Liste des produits
          </label>{' '}
          <label>
            <input type="radio" name="kind" checked={kind === 'product'} onChange={() => setKind('product')} /> Un produit
          </label>
        </fieldset>
        {kind === 'product' && (
          <label>
            Produit
            <br />
            <select
              value={productId}
              onChange={(e) => setProductId(e.target.value ? Number(e.target.value) : '')}
              style={{ width: '100%', padding: 8 }}
              aria-invalid={error?.field === 'productId'}
            >
              <option value="">Choisir un produit</option>
              {prods.data?.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            {fieldErr('productId')}
          </label>
        )}
        {error && !error.field && <p role="alert">{error.message}</p>}
        <button type="submit" disabled={saving} style={{ padding: '10px 16px', justifySelf: 'start' }}>
          Enregistrer
        </button>
      </form>
      {!isNew && (
        <section style={{ marginTop: 24 }}>
          <h2>Code à intégrer</h2>
          <textarea readOnly value={embed} rows={3} style={{ width: '100%', fontFamily: 'monospace' }} aria-label="Code à intégrer" />
          <button
            type="button"
            onClick={() => {
              void navigator.clipboard?.writeText(embed);
              setCopied(true);
            }}
          >
            {copied ? 'Copié' : 'Copier le code'}
          </button>{' '}
          <a href={`/iframes/${id}`} target="_blank" rel="noreferrer">
            Aperçu
          </a>
        </section>
      )}
    </main>
  );
});
