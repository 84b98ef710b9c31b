import { ISO_COUNTRY_CODES } from 'shared-kernel/contracts';
import { countryOptions } from './country-options';

it('lists every ISO country named in the language, France first, then by name', () => {
  const fr = countryOptions('fr');
  expect(fr).toHaveLength(ISO_COUNTRY_CODES.size);
  expect(fr[0]).toEqual({ value: 'FR', label: 'France (FR)' });
  expect(fr.find((c) => c.value === 'DE')?.label).toBe('Allemagne (DE)');
  expect(fr.findIndex((c) => c.value === 'DE')).toBeLessThan(fr.findIndex((c) => c.value === 'BE'));
  expect(countryOptions('en').find((c) => c.value === 'DE')?.label).toBe('Germany (DE)');
});
