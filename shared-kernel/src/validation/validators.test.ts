import { MESSAGES as M } from './messages';
import { isCardExpirationValid, matchesKeyword, parseDecimal, schemas, toE164 } from './index';
import * as V from './validators';

type Case = [keyof typeof V.validators, unknown, string | true];

const long = (n: number, c = 'a') => c.repeat(n);

const cases: Case[] = [
  ['needed', 'x', true],
  ['needed', '', 'Ce champ ne peut pas être vide'],
  ['needed', '   ', 'Ce champ ne peut pas être vide'],
  ['needed', undefined, 'Ce champ ne peut pas être vide'],
  ['needed', null, 'Ce champ ne peut pas être vide'],

  ['email', 'jean.dupont@domaine.fr', true],
  ['email', ' jean@domaine.fr ', true],
  ['email', 'jean@', 'Le mail est incorrect'],
  ['email', 'jean@domaine', 'Le mail est incorrect'],
  ['email', '', 'Le mail est incorrect'],
  ['emailOptional', '', true],
  ['emailOptional', undefined, true],
  ['emailOptional', 'a@b.fr', true],
  ['emailOptional', 'pas un mail', 'Le mail est incorrect'],

  ['counter', 'a', true],
  ['counter', long(50), true],
  ['counter', '', M.counter],
  ['counter', long(51), M.counter],

  ['url', 'https://www.domaine-demo.fr/vins?x=1', true],
  ['url', 'http://exemple.com', true],
  ['url', 'www.exemple.com', "L'url n'est pas valide"],
  ['url', 'exemple.com', "L'url n'est pas valide"],
  ['url', 'javascript:alert(1)', "L'url n'est pas valide"],
  ['url', '', "L'url n'est pas valide"],

  ['number', '12', true],
  ['number', 12, true],
  ['number', '-3', true],
  ['number', '1,5', 'Doit être un nombre'],
  ['number', '12a', 'Doit être un nombre'],
  ['number', '', 'Doit être un nombre'],
  ['numberFloat', '1,5', true],
  ['numberFloat', '1.5', true],
  ['numberFloat', 2.25, true],
  ['numberFloat', '1,5,2', 'Doit être un nombre'],
  ['numberFloat', 'abc', 'Doit être un nombre'],

  ['mongoid', '42', true],
  ['mongoid', 42, true],
  ['mongoid', '0', M.mongoid],
  ['mongoid', '4.2', M.mongoid],
  ['mongoid', '507f1f77bcf86cd799439011', M.mongoid],

  ['link', 'mon-lien_2%20', true],
  ['link', 'mon lien', M.link],
  ['link', 'a/b', M.link],
  ['link', '', M.link],

  ['string', 'ab', true],
  ['string', 'a1', true],
  ['string', 'a', M.string],
  ['string', '12', M.string],

  ['username', 'Jean-Pierre Écrivain', true],
  ['username', "D'Artagnan", true],
  ['username', 'Jean2', M.username],
  ['username', long(50), M.username],
  ['username', long(49), true],

  ['telephone', '06 12 34 56 78', true],
  ['telephone', '+33 7 81 23 45 67', true],
  ['telephone', '+32 470 12 34 56', true],
  ['telephone', '+49 151 23456789', true],
  ['telephone', '+41 78 123 45 67', true],
  ['telephone', '+44 7400 123456', true],
  ['telephone', '+1 415 555 2671', true],
  ['telephone', '+34 612 34 56 78', true],
  ['telephone', '+39 312 345 6789', true],
  ['telephone', '+31 6 12345678', true],
  ['telephone', '+352 628 123 456', true],
  ['telephone', '01 42 68 53 00', "Ce numéro n'est pas valide"],
  ['telephone', '+81 90 1234 5678', "Ce numéro n'est pas valide"],
  ['telephone', '123', "Ce numéro n'est pas valide"],
  ['telephone', '', "Ce numéro n'est pas valide"],
  ['telephoneOptional', '', true],
  ['telephoneOptional', '06 12 34 56 78', true],
  ['telephoneOptional', '+1 415 555 2671', "Ce numéro n'est pas valide"],
  ['telephoneOptional', '01 42 68 53 00', "Ce numéro n'est pas valide"],

  ['date', '2025-03-21', true],
  ['date', '21/03/2025', true],
  ['date', new Date(2025, 2, 21), true],
  ['date', '31/02/2025', M.date],
  ['date', 'demain', M.date],
  ['date', '', M.date],

  ['postal', '', true],
  ['postal', '75001', true],
  ['postal', 'SW1A 1AA', true],
  ['postal', '1000', true],
  ['postal', '7', M.postal],
  ['postal', '75001!', M.postal],

  ['password', 'Abcde', true],
  ['password', 'Owner1234', true],
  ['password', 'A' + long(63), true],
  ['password', 'Abcd', 'Doit contenir une majuscule et plus de 5 caractères'],
  ['password', 'abcdef', 'Doit contenir une majuscule et plus de 5 caractères'],
  ['password', 'ABCDEF', 'Doit contenir une majuscule et plus de 5 caractères'],

  ['description', long(11), true],
  ['description', long(5000), true],
  ['description', long(10), M.description],
  ['description', long(5001), M.description],

  ['tva', '20', true],
  ['tva', '5,5', true],
  ['tva', 99.9, true],
  ['tva', '0', M.tva],
  ['tva', '100', M.tva],
  ['tva', 'abc', M.tva],

  ['fee', '0', true],
  ['fee', '24,99', true],
  ['fee', '25', 'Les frais de transports doivent être compris entre 0 et 25'],
  ['fee', '-1', 'Les frais de transports doivent être compris entre 0 et 25'],

  ['promocode', 'NOEL2025', true],
  ['promocode', long(15), true],
  ['promocode', long(16), M.promocode],

  ['vatNumber', 'FR40303265045', true],
  ['vatNumber', '123', M.vatNumber],
  ['vatNumber', 'F', M.vatNumber],
  // the French key: (12 + 3 × (303265045 mod 97)) mod 97 = 40; any other key, or a SIREN failing Luhn, is refused
  ['vatNumber', 'FR 40 303 265 045', true],
  ['vatNumber', 'FR41303265045', M.vatNumber],
  ['vatNumber', 'FR11400000000', M.vatNumber],
  ['vatNumber', 'BE0411905847', true],
  ['vatNumber', 'BE0411905848', M.vatNumber],
  ['vatNumber', 'DE136695976', true],
  ['vatNumber', 'XX123456789', M.vatNumber],

  ['cardNumber', '4242 4242 4242 4242', true],
  ['cardNumber', '5555555555554444', true],
  ['cardNumber', '4242 4242 4242 4241', 'Mauvais numéro de carte'],
  ['cardNumber', '1234', 'Mauvais numéro de carte'],

  ['cardExpiration', '12/99', true],
  ['cardExpiration', '01/20', "Date d'expiration invalide"],
  ['cvv', '123', true],
  ['cvv', '12', 'CVV invalide'],
  ['cvv', '1234', 'CVV invalide'],
  ['cvv', 'abc', 'CVV invalide'],

  ['siret', '73282932000074', true],
  ['siret', '732 829 320 00074', true],
  ['siret', '73282932000075', M.siret],
  ['siret', '7328293200007', M.siret],

  ['terms', true, true],
  ['terms', false, "Veuillez accepter les conditions générales d'utilisation"],
  ['terms', undefined, "Veuillez accepter les conditions générales d'utilisation"],
  ['adult', true, true],
  ['adult', false, 'Vous devez certifier avoir plus de 18 ans'],

  ['emailRecipients', ['a@b.fr', 'c@d.com'], true],
  ['emailRecipients', [], 'Veuillez renseigner au moins une adresse mail.'],
  ['emailRecipients', undefined, 'Veuillez renseigner au moins une adresse mail.'],
  ['emailRecipients', ['a@b.fr', 'oops'], M.recipientInvalid],
];

describe('validators', () => {
  it.each(cases)('%s(%p) → %p', (name, value, expected) => {
    expect(V.validators[name](value)).toBe(expected);
  });

  it('every validator has a case for a valid and an invalid value', () => {
    for (const name of Object.keys(V.validators)) {
      const mine = cases.filter((c) => c[0] === name);
      expect([name, mine.some((c) => c[2] === true)]).toEqual([name, true]);
      expect([name, mine.some((c) => c[2] !== true)]).toEqual([name, true]);
    }
  });

  it('exposes the same rules as zod schemas', () => {
    expect(schemas.needed.safeParse('').error?.issues[0].message).toBe('Ce champ ne peut pas être vide');
    expect(schemas.fee.safeParse('30').error?.issues[0].message).toBe('Les frais de transports doivent être compris entre 0 et 25');
    expect(schemas.email.parse(' a@b.fr ')).toBe('a@b.fr');
  });
});

describe('cardExpiration', () => {
  const now = new Date(2025, 5, 15); // June 2025
  it.each([
    ['06/25', true],
    ['12/25', true],
    ['01/30', true],
    ['05/25', false],
    ['13/26', false],
    ['00/26', false],
    ['6/25', false],
    ['0625', false],
  ])('%s → %s', (v, ok) => expect(isCardExpirationValid(v, now)).toBe(ok));
  it('uses the exact message', () => {
    expect(V.cardExpiration('01/20')).toBe("Date d'expiration invalide");
    expect(V.cardExpiration('12/99')).toBe(true);
  });
});

describe('keyword', () => {
  it('ignores spaces and case', () => {
    expect(matchesKeyword(' sup PRIMER ', 'Supprimer')).toBe(true);
    expect(matchesKeyword('supprime', 'Supprimer')).toBe(false);
    expect(matchesKeyword('', '')).toBe(false);
    expect(V.keyword('SUPPRIMER')('supprimer')).toBe(true);
    expect(V.keyword('SUPPRIMER')('non')).toBe('Le texte saisi ne correspond pas');
  });
});

describe('helpers', () => {
  it('parseDecimal reads a comma decimal', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 1 000,25 ')).toBe(1000.25);
    expect(parseDecimal('x')).toBeNaN();
  });
  it('toE164 normalises French numbers', () => {
    expect(toE164('06 12 34 56 78')).toBe('+33612345678');
    expect(toE164('nope')).toBeNull();
  });
});

describe('light validators (no zod)', () => {
  it('needed answers exactly like the zod-based needed', async () => {
    const fc = (await import('fast-check')).default;
    const light = await import('./light');
    const full = await import('./validators');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('', ' ', '\t\n', 'a'), fc.anything()), (v) => {
        expect(light.needed(v)).toEqual(full.needed(v));
      }),
    );
  });
});
