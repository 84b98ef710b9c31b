// The options of a country picker (a shop's address, a delivery zone): every ISO country the api accepts.
import { ISO_COUNTRY_CODES } from 'shared-kernel/contracts';

/** Every ISO country, named in `lang` (France first, then by name). */
export function countryOptions(lang: string): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  const all = [...ISO_COUNTRY_CODES].map((code) => ({ value: code, label: `${names?.of(code) ?? code} (${code})` }));
  const [fr] = all.filter((c) => c.value === 'FR');
  return [fr, ...all.filter((c) => c.value !== 'FR').sort((a, b) => a.label.localeCompare(b.label, lang))];
}
