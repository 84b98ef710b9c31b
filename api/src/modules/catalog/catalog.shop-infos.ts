// Settings › Informations (`shops.settings.infos`, saved by PUT /v1/shops/me/settings/infos) as the shop page shows
// them. Read here rather than through the shops module, which imports this one: the jsonb is read part by part, an
// unreadable part counting as empty (older rows, hand edits), so the public page never fails on it.
import {
  EMPTY_INFOS_EXTRA,
  OPENING_DAYS,
  SOCIAL_NETWORKS,
  shopInfosExtraSchema,
  type PublicShopInfos,
  type ShopInfosExtra,
} from 'shared-kernel/contracts';

function partOf<K extends keyof ShopInfosExtra>(raw: Record<string, unknown>, k: K): ShopInfosExtra[K] {
  const base = EMPTY_INFOS_EXTRA[k];
  const value = typeof base === 'object' && raw[k] && typeof raw[k] === 'object' ? { ...base, ...(raw[k] as object) } : (raw[k] ?? base);
  const parsed = shopInfosExtraSchema.shape[k].safeParse(value);
  return parsed.success ? (parsed.data as ShopInfosExtra[K]) : base;
}

/** The saved description ('' when none). */
export function savedDescription(settings: Record<string, unknown> | null | undefined): string {
  const raw = settings?.infos;
  return raw && typeof raw === 'object' ? partOf(raw as Record<string, unknown>, 'description') : '';
}

/** What a visitor reads of the saved infos: empty parts left out, null when nothing is filled in. */
export function publicInfosOf(settings: Record<string, unknown> | null | undefined): PublicShopInfos | null {
  const raw = settings?.infos;
  if (!raw || typeof raw !== 'object') return null;
  const infos = raw as Record<string, unknown>;
  const address = partOf(infos, 'address');
  const socials = partOf(infos, 'socials');
  const hours = partOf(infos, 'openingHours');
  const out: PublicShopInfos = {
    phone: partOf(infos, 'phone') || null,
    address: Object.values(address).some((v) => v !== '') ? address : null,
    socials: Object.fromEntries(SOCIAL_NETWORKS.filter((n) => socials[n]).map((n) => [n, socials[n]])),
    openingHours: Object.fromEntries(OPENING_DAYS.filter((d) => hours[d]).map((d) => [d, hours[d]])),
  };
  const empty = !out.phone && !out.address && !Object.keys(out.socials).length && !Object.keys(out.openingHours).length;
  return empty ? null : out;
}
