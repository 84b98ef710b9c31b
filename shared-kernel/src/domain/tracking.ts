/**
 * Where a buyer follows a parcel: the carrier's public tracking page for a tracking number, for the carriers French
 * producers ship with. Unknown carrier (typed by hand) → null: the number is shown without a link.
 */
const TRACKING_PAGES: ReadonlyArray<{ match: RegExp; url: (n: string) => string }> = [
  { match: /\bups\b/i, url: (n) => `https://www.ups.com/track?loc=fr_FR&tracknum=${n}` },
  { match: /colissimo|la ?poste/i, url: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}` },
  { match: /chronopost/i, url: (n) => `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=${n}` },
  { match: /\bdhl\b/i, url: (n) => `https://www.dhl.com/fr-fr/home/tracking.html?tracking-id=${n}` },
  { match: /\bdpd\b/i, url: (n) => `https://trace.dpd.fr/fr/trace/${n}` },
  { match: /\bgls\b/i, url: (n) => `https://gls-group.com/FR/fr/suivi-colis?match=${n}` },
];

export function carrierTrackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.trim();
  if (!carrier || !number) return null;
  const page = TRACKING_PAGES.find((p) => p.match.test(carrier));
  return page ? page.url(encodeURIComponent(number)) : null;
}
