import { fireEvent, render, screen } from '@testing-library/react';
import { BARCODE_FIELD_ATTR, createScanDetector, useBarcodeScanner } from './useBarcodeScanner';

describe('scan detection (digits < 50 ms apart, then Enter)', () => {
  const feed = (keys: string[], gaps: number[]) => {
    const d = createScanDetector();
    let at = 1000;
    const out: Array<string | null> = [];
    keys.forEach((k, i) => {
      at += gaps[i] ?? 10;
      out.push(d.key(k, at));
    });
    return out.filter(Boolean);
  };
  const digits = '3760123456781'.split('');

  it('a fast burst ended by Enter is a scan', () => {
    expect(feed([...digits, 'Enter'], [])).toEqual(['3760123456781']);
  });
  it('a person typing (slow keys), a short burst, or a burst without Enter is not', () => {
    expect(
      feed(
        [...digits, 'Enter'],
        digits.map(() => 120),
      ),
    ).toEqual([]);
    expect(feed(['1', '2', '3', 'Enter'], [])).toEqual([]);
    expect(feed([...digits, 'a'], [])).toEqual([]);
    expect(feed([...digits, 'Enter'], [...digits.map(() => 10), 200])).toEqual([]);
  });
  it('a pause starts a new code: only the fast tail counts', () => {
    expect(feed(['9', '9', ...digits, 'Enter'], [10, 10, 500])).toEqual(['3760123456781']);
  });
});

let clock = 0;
const now = () => (clock += 5);

function Harness({ onScan, onButtonKey }: { onScan: (code: string) => void; onButtonKey?: (key: string) => void }) {
  useBarcodeScanner(onScan, { now });
  return (
    <div>
      <input aria-label="Recherche" type="search" />
      <input aria-label="Code-barres" {...{ [BARCODE_FIELD_ATTR]: '' }} />
      <button type="button" onKeyDown={(e) => onButtonKey?.(e.key)}>
        Action
      </button>
    </div>
  );
}

function typeFast(target: Element, code: string) {
  for (const k of code) fireEvent.keyDown(target, { key: k });
  fireEvent.keyDown(target, { key: 'Enter' });
}

describe('useBarcodeScanner', () => {
  it('catches a scan wherever the focus is, the Enter never reaching a focused button', () => {
    const onScan = jest.fn();
    const onButtonKey = jest.fn();
    render(<Harness onScan={onScan} onButtonKey={onButtonKey} />);
    typeFast(document.body, '3760123456781');
    const button = screen.getByRole('button', { name: 'Action' });
    button.focus();
    typeFast(button, '40000000');
    expect(onScan.mock.calls).toEqual([['3760123456781'], ['40000000']]);
    expect(onButtonKey).toHaveBeenCalledWith('4');
    expect(onButtonKey).not.toHaveBeenCalledWith('Enter');
  });

  it('is caught in the dedicated barcode field, ignored in any other text field', () => {
    const onScan = jest.fn();
    render(<Harness onScan={onScan} />);
    typeFast(screen.getByRole('searchbox', { name: 'Recherche' }), '3760123456781');
    expect(onScan).not.toHaveBeenCalled();
    typeFast(screen.getByRole('textbox', { name: 'Code-barres' }), '3760123456781');
    expect(onScan).toHaveBeenCalledWith('3760123456781');
  });

  it('stops listening when unmounted', () => {
    const onScan = jest.fn();
    const view = render(<Harness onScan={onScan} />);
    view.unmount();
    typeFast(document.body, '3760123456781');
    expect(onScan).not.toHaveBeenCalled();
  });
});
