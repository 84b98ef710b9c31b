import { HttpError } from '../http-error';
import { byLine, linesInError, refusalOf, rowError } from './row-errors';

describe('row errors', () => {
  it('keep the column and the field only when given', () => {
    expect(rowError(3, 'Prix', 'Doit être un nombre')).toEqual({ line: 3, column: 'Prix', message: 'Doit être un nombre' });
    expect(rowError(4, undefined, 'Ce champ ne peut pas être vide', 'email')).toEqual({
      line: 4,
      field: 'email',
      message: 'Ce champ ne peut pas être vide',
    });
    expect(Object.keys(rowError(5, '', 'x'))).toEqual(['line', 'message']);
  });

  it('are ordered by line, two errors of a line keeping the order they were found in', () => {
    const errors = [
      rowError(7, 'B', 'second of 7'),
      rowError(2, 'A', 'two'),
      rowError(7, 'A', 'third of 7'),
      rowError(1, undefined, 'header'),
    ];
    expect(byLine(errors).map((e) => e.message)).toEqual(['header', 'two', 'second of 7', 'third of 7']);
    // the list given is left as it was
    expect(errors[0].message).toBe('second of 7');
    expect(linesInError(errors)).toBe(3);
    expect(linesInError([])).toBe(0);
  });

  it('a 4xx is a refusal of the row; a 5xx or any other error is not', () => {
    const refused = new HttpError(409, 'Ce code GTIN est déjà utilisé', 'gtin');
    expect(refusalOf(refused)).toBe(refused);
    expect(refusalOf(new HttpError(503, 'Service indisponible'))).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
    expect(refusalOf('boom')).toBeNull();
  });
});
