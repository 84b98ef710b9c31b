/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { ApiError, useSnackbars, usePopup } from 'shared-kernel/runtime';
import { useAction } from './use-action';

const texts = () => useSnackbars.getState().items.map((s) => [s.text, s.error]);

beforeEach(() => {
  useSnackbars.getState().clear();
  usePopup.getState().close();
});

describe('useAction', () => {
  it('runs, tells the success (a text or the result’s message), then onDone; pending while it runs', async () => {
    let release!: (v: { message: string }) => void;
    const done = jest.fn();
    const { result } = renderHook(() =>
      useAction({
        run: (id: number) => new Promise<{ message: string }>((r) => (release = (v) => r({ ...v, message: `${v.message} ${id}` }))),
        success: (r) => r.message,
        onDone: done,
      }),
    );
    let p!: Promise<unknown>;
    act(() => {
      p = result.current.run(7);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      release({ message: 'Client converti' });
      await p;
    });
    expect(result.current.pending).toBe(false);
    expect(await p).toEqual({ message: 'Client converti 7' });
    expect(texts()).toEqual([['Client converti 7', false]]);
    expect(done).toHaveBeenCalledWith({ message: 'Client converti 7' });
  });

  it('a failure shows the api’s French message (or the fallback), never throws, and skips onDone', async () => {
    const done = jest.fn();
    const { result } = renderHook(() =>
      useAction({ run: async () => Promise.reject(new ApiError(409, 'Cette facture est déjà réglée')), success: 'Fait', onDone: done }),
    );
    await act(async () => {
      expect(await result.current.run()).toBeUndefined();
    });
    expect(texts()).toEqual([['Cette facture est déjà réglée', true]]);
    expect(done).not.toHaveBeenCalled();

    const other = renderHook(() =>
      useAction({ run: async () => Promise.reject(new Error('network')), errorFallback: 'Export impossible' }),
    );
    await act(async () => {
      await other.result.current.run();
    });
    expect(texts().at(-1)).toEqual(['Export impossible', true]);
  });

  it('asks first when it has a confirmation: nothing runs on cancel; Ok runs it inside the popup', async () => {
    const run = jest.fn(async (_name: string) => 'ok');
    const { result } = renderHook(() =>
      useAction({
        run,
        confirm: (name: string) => ({ title: `Supprimer ${name} ?`, okText: 'Supprimer', danger: true }),
        success: 'Supprimé',
      }),
    );
    let p!: Promise<unknown>;
    act(() => {
      p = result.current.run('la liste');
    });
    expect(usePopup.getState().popup).toMatchObject({ title: 'Supprimer la liste ?', okText: 'Supprimer', error: true });
    await act(async () => {
      usePopup.getState().popup!.onCancel!();
      await p;
    });
    expect(await p).toBeUndefined();
    expect(run).not.toHaveBeenCalled();

    act(() => {
      p = result.current.run('la liste');
    });
    await act(async () => {
      await usePopup.getState().popup!.onOk!();
      await p;
    });
    expect(await p).toBe('ok');
    expect(run).toHaveBeenCalledWith('la liste');
    expect(texts()).toEqual([['Supprimé', false]]);
  });
});
