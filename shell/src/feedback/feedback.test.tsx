import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, useSnackbars, usePopup } from 'shared-kernel/runtime';
import { SnackbarHost } from './SnackbarHost';
import { ErrorPage } from './ErrorPage';
import { PopupHost } from './PopupHost';
import { BootError } from './BootError';
import { RemoteUnavailable } from '../remotes/RemoteUnavailable';

describe('snackbars', () => {
  afterEach(() => {
    useSnackbars.getState().clear();
    jest.useRealTimers();
  });
  it('stacks 75 px apart, error as alert, success as status, closable, gone after 5 s', async () => {
    await import('./SnackbarList'); // the lazily loaded list, already in the module registry as after a first snackbar
    jest.useFakeTimers();
    render(<SnackbarHost />);
    act(() => {
      notify.success('Enregistré');
      notify.error('Le mail est incorrect');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10); // the lazy list resolves (well before the 5 s close)
    });
    const ok = screen.getByRole('status');
    const err = screen.getByRole('alert');
    expect(ok).toHaveTextContent('Enregistré');
    expect(err).toHaveTextContent('Le mail est incorrect');
    expect(parseInt(err.style.top) - parseInt(ok.style.top)).toBe(75);
    act(() => screen.getAllByRole('button', { name: 'Fermer' })[0].click());
    expect(screen.queryByText('Enregistré')).toBeNull();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Le mail est incorrect')).toBeNull();
  });

  it('renders nothing, and loads nothing, while there is no snackbar', () => {
    const { container } = render(<SnackbarHost />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('error page', () => {
  it("offers 'Retour à l'application' which reloads", () => {
    const reload = jest.fn();
    render(<ErrorPage onReload={reload} />);
    expect(screen.getByText('Une erreur est survenue')).toBeInTheDocument();
    screen.getByRole('button', { name: "Retour à l'application" }).click();
    expect(reload).toHaveBeenCalled();
  });
});

describe('global popup', () => {
  it('default buttons Annuler / Ok; typed keyword enables Ok', async () => {
    const onOk = jest.fn();
    render(<PopupHost />);
    act(() => {
      usePopup.getState().open({ title: 'Supprimer ?', content: 'Action définitive', validationText: 'SUPPRIMER', onOk });
    });
    expect(await screen.findByText('Supprimer ?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    const ok = screen.getByRole('button', { name: 'Ok' });
    expect(ok).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox'), 'supprimer');
    expect(ok).toBeEnabled();
    await userEvent.click(ok);
    expect(onOk).toHaveBeenCalled();
  });
});

describe('errors over a shop page’s first paint', () => {
  const firstPaint = () => {
    const el = document.createElement('div');
    el.id = 'wz-first-paint';
    document.body.appendChild(el);
  };
  it.each([
    ['the error page', () => <ErrorPage />],
    ['a remote that cannot load', () => <RemoteUnavailable onRetry={() => {}} />],
    ['the boot error', () => <BootError />],
  ])('%s removes the first paint so the error is seen', (_name, ui) => {
    firstPaint();
    render(ui());
    expect(document.getElementById('wz-first-paint')).toBeNull();
  });
});
