import { parisDateTime, parisDay, periodLabel, rateLabel, sessionState, slug } from './format';
import { session } from './salespoints.fixtures';
import { texts } from './texts';

describe('sales points formats', () => {
  it('shows times in Paris, winter and summer alike', () => {
    expect(parisDateTime('2026-11-26T08:05:00Z')).toBe('26/11/2026 09:05');
    expect(parisDateTime('2026-07-14T21:30:00Z')).toBe('14/07/2026 23:30');
    // past midnight in Paris is already the next day
    expect(parisDay(new Date('2026-07-14T22:30:00Z'))).toBe('2026-07-15');
    expect(parisDateTime('pas une date')).toBe('');
  });

  it('says since when a session is open, with the day when it was opened on another Paris day', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(sessionState(texts, session({ id: 1, openedAt: '2026-11-26T08:05:00Z' }), now)).toBe('Session ouverte depuis 09:05');
    expect(sessionState(texts, session({ id: 1, openedAt: '2026-11-25T22:30:00Z' }), now)).toBe(
      'Session ouverte depuis le 25/11/2026 à 23:30',
    );
    expect(sessionState(texts, session({ id: 1, closedAt: '2026-11-26T18:00:00Z' }), now)).toBe('Fermée');
    expect(sessionState(texts, null, now)).toBe('Fermée');
  });

  it('names periods, rates and files', () => {
    expect(periodLabel(texts, { kind: 'day', period: '2026-03-01' })).toBe('01/03/2026');
    expect(periodLabel(texts, { kind: 'month', period: '2026-03' })).toBe('Mars 2026');
    expect(periodLabel(texts, { kind: 'year', period: '2026' })).toBe('2026');
    expect(rateLabel(texts, 5.5)).toBe('5,5 %');
    expect(slug('Fête des Vins — Mâcon')).toBe('fete-des-vins-macon');
    expect(slug('***')).toBe('point-de-vente');
  });
});
