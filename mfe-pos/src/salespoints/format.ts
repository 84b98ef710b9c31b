// Display helpers of the sales points screens. Times are shown in Paris time, as the api counts a salespoint's day
// ('today's takings' and the day Z are Paris days), whatever the clock of the computer showing them.
import type { PosClosing, PosSession } from 'shared-kernel/contracts';
import type { texts as frTexts } from './texts';

type T = typeof frTexts;

const PARIS = 'Europe/Paris';
const timeFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayFormat = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, day: '2-digit', month: '2-digit', year: 'numeric' });
const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, year: 'numeric', month: '2-digit', day: '2-digit' });
const rateFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

function dateOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '09:05', Paris time ('' when absent or invalid). */
export function parisTime(iso: string | null | undefined): string {
  const d = dateOf(iso);
  return d ? timeFormat.format(d) : '';
}

/** '26/11/2026', Paris day. */
export function parisDate(iso: string | null | undefined): string {
  const d = dateOf(iso);
  return d ? dayFormat.format(d) : '';
}

/** '26/11/2026 09:05', Paris time. */
export function parisDateTime(iso: string | null | undefined): string {
  const d = dateOf(iso);
  return d ? `${dayFormat.format(d)} ${timeFormat.format(d)}` : '';
}

/** '2026-11-26': the Paris calendar day of an instant (default now). */
export function parisDay(at: Date = new Date()): string {
  return isoDayFormat.format(at);
}

/** '20 %', '5,5 %'. */
export function rateLabel(t: T, rate: number): string {
  return t.rate(rateFormat.format(rate));
}

/** « Session ouverte depuis 09:05 » (since another day: « … depuis le 25/11/2026 à 18:02 »), « Fermée » without one. */
export function sessionState(t: T, session: PosSession | null, now: Date = new Date()): string {
  if (!session || session.closedAt) return t.sessionClosed;
  const opened = dateOf(session.openedAt);
  if (opened && parisDay(opened) !== parisDay(now)) return t.sessionOpenSinceDay(parisDate(session.openedAt), parisTime(session.openedAt));
  return t.sessionOpenSince(parisTime(session.openedAt));
}

/** A closing's period: '26/11/2026' (day), 'Novembre 2026' (month), '2026' (year). */
export function periodLabel(t: T, closing: Pick<PosClosing, 'kind' | 'period'>): string {
  const [year = '', month = '', day = ''] = closing.period.split('-');
  if (closing.kind === 'day' && day) return `${day}/${month}/${year}`;
  if (closing.kind === 'month' && month) return t.months(Number(month) - 1, year);
  return closing.period;
}

/** 'Caveau des Lys' → 'caveau-des-lys' (file names). */
export function slug(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'point-de-vente'
  );
}
