// A USB barcode scanner is a keyboard: it types the code's digits a few milliseconds apart, then Enter. A person
// never types that fast, so digits arriving less than 50 ms apart and ended by Enter are a scan, wherever the focus
// is — except in a text field where the cashier is typing (the search box, an amount, an e-mail), whose keys are
// left alone. The dedicated « Code-barres » field (marked with BARCODE_FIELD_ATTR) is the exception: a scan typed
// into it is caught here too, so it is never handled twice.
import { useEffect, useRef } from 'react';

/** Most ms between two keys of a scan (digits, then Enter). */
export const SCAN_MAX_GAP_MS = 50;
/** Shortest code a scan may be (GTIN-8). */
export const SCAN_MIN_LENGTH = 8;
/** Attribute of the dedicated barcode field: `<input {...{ [BARCODE_FIELD_ATTR]: '' }} />`. */
export const BARCODE_FIELD_ATTR = 'data-barcode-field';

export interface ScanDetector {
  /** Feeds a key; returns the scanned code when `key` is the Enter that ends a scan, else null. */
  key(key: string, at: number): string | null;
  reset(): void;
}

/** The timing logic alone (no DOM): digits < maxGap ms apart, at least minLength of them, then Enter within maxGap. */
export function createScanDetector(maxGapMs = SCAN_MAX_GAP_MS, minLength = SCAN_MIN_LENGTH): ScanDetector {
  let buffer = '';
  let last = -Infinity;
  return {
    key(key, at) {
      const fast = at - last < maxGapMs;
      last = at;
      if (/^\d$/.test(key)) {
        buffer = fast ? buffer + key : key;
        return null;
      }
      const code = buffer;
      buffer = '';
      if (key === 'Enter' && fast && code.length >= minLength) return code;
      return null;
    },
    reset() {
      buffer = '';
      last = -Infinity;
    },
  };
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'number', 'tel', 'password', 'url', '']);

/** The focus is somewhere the cashier types text (the scanner keeps away), unless it is the barcode field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest(`[${BARCODE_FIELD_ATTR}]`)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type.toLowerCase());
  return false;
}

/** The clock scans are timed with (tests replace `now` to type « fast » whatever the machine's load). */
export const scannerClock = { now: (): number => performance.now() };

export interface BarcodeScannerOptions {
  /** false: the listener is off (a dialog is open). Default true. */
  enabled?: boolean;
  /** The clock. Default scannerClock.now (performance.now). */
  now?: () => number;
}

/**
 * Calls `onScan(code)` for each code a scanner types (a keydown listener on the window, in the capture phase so the
 * ending Enter never reaches a focused button or the barcode field's own Enter handling).
 */
export function useBarcodeScanner(onScan: (code: string) => void, options: BarcodeScannerOptions = {}): void {
  const { enabled = true, now } = options;
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    const detector = createScanDetector();
    const clock = now ?? (() => scannerClock.now());
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) {
        detector.reset();
        return;
      }
      const code = detector.key(event.key, clock());
      if (code) {
        event.preventDefault();
        event.stopPropagation();
        latest.current(code);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, now]);
}
