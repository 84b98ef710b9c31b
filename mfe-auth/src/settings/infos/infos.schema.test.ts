import { formatDayHours, hoursErrorPath, infosFormSchema, parseDayHours, toBody, toFormValues, type ShopInfos } from './infos.schema';

describe('opening hours: the stored text ↔ the form', () => {
  it.each([
    ['', { mode: 'unset', ranges: [], text: '' }],
    ['  ', { mode: 'unset', ranges: [], text: '' }],
    ['Fermé', { mode: 'closed', ranges: [], text: '' }],
    ['fermée', { mode: 'closed', ranges: [], text: '' }],
    [
      '9h-12h, 14h-18h',
      {
        mode: 'open',
        ranges: [
          { from: '09:00', to: '12:00' },
          { from: '14:00', to: '18:00' },
        ],
        text: '',
      },
    ],
    [
      '09:30 - 12:15 / 13h30 à 19h',
      {
        mode: 'open',
        ranges: [
          { from: '09:30', to: '12:15' },
          { from: '13:30', to: '19:00' },
        ],
        text: '',
      },
    ],
    ['10h00-18h00', { mode: 'open', ranges: [{ from: '10:00', to: '18:00' }], text: '' }],
  ])('%j', (text, day) => {
    expect(parseDayHours(text)).toEqual(day);
  });

  it.each([
    'Sur rendez-vous',
    '18h-9h', // closing before opening
    '9h-12h, 11h-18h', // ranges overlapping
    '9h-10h, 11h-12h, 13h-14h, 15h-16h', // more than three ranges
    '25h-26h',
    '24/7',
  ])('%j stays a free text, never lost', (text) => {
    expect(parseDayHours(text)).toEqual({ mode: 'custom', ranges: [], text });
    expect(formatDayHours(parseDayHours(text))).toBe(text);
  });

  it('writes each mode back as the text the api stores', () => {
    expect(formatDayHours({ mode: 'unset', ranges: [{ from: '09:00', to: '12:00' }], text: 'x' })).toBe('');
    expect(formatDayHours({ mode: 'closed', ranges: [], text: '' })).toBe('Fermé');
    expect(
      formatDayHours({
        mode: 'open',
        ranges: [
          { from: '08:30', to: '12:00' },
          { from: '14:00', to: '19:45' },
        ],
        text: '',
      }),
    ).toBe('8h30-12h00, 14h00-19h45');
    expect(formatDayHours({ mode: 'custom', ranges: [], text: '  Sur rendez-vous ' })).toBe('Sur rendez-vous');
    // what it writes, it reads back
    expect(parseDayHours('8h30-12h00, 14h00-19h45').ranges).toEqual([
      { from: '08:30', to: '12:00' },
      { from: '14:00', to: '19:45' },
    ]);
  });
});

describe('the form schema', () => {
  const saved: ShopInfos = {
    code: 'DOMDEM',
    name: 'Domaine',
    urlShop: 'domaine',
    businessType: 'wine',
    contactEmail: '',
    phone: '',
    address: { street: '', complement: '', zipcode: '', city: '', country: '' },
    description: '',
    socials: { website: '', facebook: '', instagram: '', linkedin: '', x: '', youtube: '', tiktok: '' },
    openingHours: { monday: '', tuesday: '', wednesday: '', thursday: '', friday: '', saturday: '', sunday: '' },
  };
  const issues = (values: unknown) => {
    const r = infosFormSchema.safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts the empty optional fields and gives the api body back unchanged', () => {
    const values = toFormValues(saved);
    const out = infosFormSchema.parse({ ...values, address: { ...values.address, country: null } });
    const { code: _code, ...body } = saved;
    expect(toBody(out)).toEqual(body);
  });

  it('the url name: §5 link rule, length, a letter, not a route of the app', () => {
    const at = (urlShop: string) => issues({ ...toFormValues(saved), urlShop }).filter(([p]) => p === 'urlShop');
    expect(at('a b')).toEqual([['urlShop', 'Seuls les lettres, les chiffres et les caractères _ % - sont autorisés']]);
    expect(at('a')).toEqual([['urlShop', 'Le nom d’url doit contenir entre 2 et 60 caractères']]);
    expect(at('1234')).toEqual([['urlShop', 'Le nom d’url doit contenir au moins une lettre']]);
    expect(at('Auth')).toEqual([['urlShop', 'Ce nom d’url est réservé, choisissez-en un autre']]);
    expect(at('mon_domaine-2%C3')).toEqual([]);
  });

  it('an open day needs valid ranges in order; a free text is needed and at most 100 characters', () => {
    const hours = (monday: unknown) => issues({ ...toFormValues(saved), openingHours: { ...toFormValues(saved).openingHours, monday } });
    expect(hours({ mode: 'open', ranges: [], text: '' })).toEqual([['openingHours.monday.mode', 'Ajoutez au moins une plage horaire']]);
    expect(hours({ mode: 'open', ranges: [{ from: '', to: '12:00' }], text: '' })).toEqual([
      ['openingHours.monday.ranges.0.from', 'Indiquez une heure (HH:MM)'],
    ]);
    expect(
      hours({
        mode: 'open',
        ranges: [
          { from: '09:00', to: '13:00' },
          { from: '12:00', to: '11:00' },
        ],
        text: '',
      }),
    ).toEqual([
      ['openingHours.monday.ranges.1.to', 'La fermeture doit suivre l’ouverture'],
      ['openingHours.monday.ranges.1.from', 'Les plages horaires ne doivent pas se chevaucher'],
    ]);
    expect(hours({ mode: 'custom', ranges: [], text: ' ' })).toEqual([['openingHours.monday.text', 'Ce champ ne peut pas être vide']]);
    expect(hours({ mode: 'custom', ranges: [], text: 'x'.repeat(101) })).toEqual([
      ['openingHours.monday.text', 'Doit contenir au maximum 100 caractères'],
    ]);
    // a closed day keeps no range it had
    expect(hours({ mode: 'closed', ranges: [{ from: '', to: '' }], text: '' })).toEqual([]);
  });

  it('puts the api’s error on a day under its text or its select', () => {
    const values = toFormValues({ ...saved, openingHours: { ...saved.openingHours, saturday: 'Sur rendez-vous' } });
    expect(hoursErrorPath('openingHours.saturday', values)).toBe('openingHours.saturday.text');
    expect(hoursErrorPath('openingHours.monday', values)).toBe('openingHours.monday.mode');
    expect(hoursErrorPath('openingHours.holiday', values)).toBeNull();
    expect(hoursErrorPath('urlShop', values)).toBeNull();
  });
});
