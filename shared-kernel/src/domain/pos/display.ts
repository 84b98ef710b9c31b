/**
 * The customer display of a till (spec §9: a serial display at 9600 baud, each line exactly 40 bytes padded with
 * spaces). Displays of this kind speak ASCII: accents are taken off, anything else becomes '?', the euro sign is
 * written EUR. A frame is one line; the till writes one frame per event (welcome when idle, the item and its price
 * while scanning, the total, the change).
 */
export const DISPLAY_WIDTH = 40;
export const DISPLAY_BAUD = 9600;

/** Text as the display can show it: ASCII, one line. */
export function displayText(text: string): string {
  return text
    .replace(/€/g, 'EUR')
    .replace(/[\u00a0\u202f]/g, ' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[œŒ]/g, (c) => (c === 'œ' ? 'oe' : 'OE'))
    .replace(/[^\x20-\x7e]/g, '?');
}

/** A 40-byte line: `left` then `right` aligned to the end (left cut when both do not fit), padded with spaces. */
export function displayLine(left: string, right = ''): Uint8Array {
  const r = displayText(right).slice(0, DISPLAY_WIDTH);
  const room = DISPLAY_WIDTH - r.length - (r ? 1 : 0);
  const l = displayText(left).slice(0, Math.max(0, room));
  const text = r ? `${l.padEnd(DISPLAY_WIDTH - r.length)}${r}` : l.padEnd(DISPLAY_WIDTH);
  const bytes = new Uint8Array(DISPLAY_WIDTH);
  for (let i = 0; i < DISPLAY_WIDTH; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** '12,50 EUR' */
export function displayAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} EUR`;
}

export const displayFrames = {
  welcome: (shop: string) => displayLine(`Bienvenue - ${shop}`),
  item: (label: string, quantity: number, cents: number) =>
    displayLine(quantity > 1 ? `${quantity} x ${label}` : label, displayAmount(cents)),
  total: (cents: number) => displayLine('TOTAL', displayAmount(cents)),
  change: (cents: number) => displayLine('RENDU', displayAmount(cents)),
};
