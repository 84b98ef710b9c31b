// Settings › Informations on the public shop page (the description is shown under the title): phone, address,
// opening hours, website and social links — only what the owner filled in; nothing at all when none is.
import type { PublicShopInfos } from 'shared-kernel/contracts';
import { useTexts } from './texts';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const NETWORKS = ['website', 'facebook', 'instagram', 'linkedin', 'x', 'youtube', 'tiktok'] as const;
const NETWORK_NAMES: Record<Exclude<(typeof NETWORKS)[number], 'website'>, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang === 'en' ? 'en-GB' : 'fr-FR'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Only the http(s) links the api accepted; anything else is not made a link. */
const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

export function ShopInfos({ infos }: { infos: PublicShopInfos | null | undefined }) {
  const t = useTexts();
  if (!infos) return null;
  const a = infos.address;
  const days = DAYS.filter((d) => infos.openingHours[d]);
  const links = NETWORKS.map((n) => ({ n, href: safeHref(infos.socials[n] ?? '') })).filter((l) => l.href);
  if (!infos.phone && !a && !days.length && !links.length) return null;
  return (
    <section className="wzs-infos" aria-labelledby="wzs-infos-title" data-testid="shop-infos">
      <h2 id="wzs-infos-title">{t.infosTitle}</h2>
      <div className="wzs-infos-grid">
        {(infos.phone || a) && (
          <div>
            <h3>{t.contact}</h3>
            {infos.phone && (
              <p>
                {t.phone} : <a href={`tel:${infos.phone.replace(/[^\d+]/g, '')}`}>{infos.phone}</a>
              </p>
            )}
            {a && (
              <address aria-label={t.address}>
                {[a.street, a.complement, [a.zipcode, a.city].filter(Boolean).join(' '), a.country ? countryName(a.country, t.lang) : '']
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line}>
                      {line}
                      <br />
                    </span>
                  ))}
              </address>
            )}
          </div>
        )}
        {days.length > 0 && (
          <div>
            <h3>{t.openingHours}</h3>
            <dl className="wzs-hours">
              {days.map((d) => (
                <div key={d}>
                  <dt>{t.days[d]}</dt>
                  <dd>{infos.openingHours[d]}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        {links.length > 0 && (
          <div>
            <h3>{t.links}</h3>
            <ul className="wzs-links">
              {links.map(({ n, href }) => (
                <li key={n}>
                  <a href={href!} target="_blank" rel="noopener noreferrer">
                    {n === 'website' ? t.website : NETWORK_NAMES[n]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
