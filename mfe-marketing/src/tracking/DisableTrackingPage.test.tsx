import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import DisableTrackingPage from './DisableTrackingPage';

const TOKEN = 'a'.repeat(64);
const prefs = { shopName: 'Domaine de Démo', email: 'a•••@client.test', unsubscribed: false, trackingOff: false };

it('says which shop and address the link is about; unsubscribes and stops tracking (anonymous)', async () => {
  let state = { ...prefs };
  const page = renderPage(<DisableTrackingPage />, {
    route: `/disable-tracking-notif?token=${TOKEN}`,
    session: null,
    api: {
      'GET /t/p/:token': () => state,
      'PUT /t/p/:token': (req) => (state = { ...state, ...(req.body as object) }),
    },
  });
  expect(await screen.findByText('Les mails de Domaine de Démo envoyés à a•••@client.test.')).toBeInTheDocument();
  expect(screen.getByText('Vous recevez les campagnes de Domaine de Démo.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Me désinscrire' }));
  expect(await screen.findByText('C’est fait : vous ne recevrez plus les campagnes de Domaine de Démo.')).toBeInTheDocument();
  expect(screen.getByText('Vous ne recevez plus les campagnes de Domaine de Démo.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Désactiver le suivi' }));
  expect(await screen.findByText('C’est fait : les ouvertures et les clics de vos mails ne sont plus mesurés.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Réactiver le suivi' })).toBeInTheDocument();
  const puts = page.api.callsTo('PUT /t/p/:token');
  expect(puts.map((c) => [c.params.token, c.body])).toEqual([
    [TOKEN, { unsubscribed: true }],
    [TOKEN, { trackingOff: true }],
  ]);
});

it('speaks English with ?lang=en; an unknown link says so; no token asks for the mail’s link', async () => {
  const en = renderPage(<DisableTrackingPage />, {
    route: `/disable-tracking-notif?token=${TOKEN}&lang=en`,
    session: null,
    api: { 'GET /t/p/:token': { ...prefs, trackingOff: true } },
  });
  expect(await screen.findByText('Emails from Domaine de Démo sent to a•••@client.test.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Enable tracking again' })).toBeInTheDocument();
  en.unmount();

  const unknown = renderPage(<DisableTrackingPage />, {
    route: `/disable-tracking-notif?token=${TOKEN}`,
    session: null,
    api: { 'GET /t/p/:token': reply(404, { success: false, message: 'Ce lien n’est pas valide ou a expiré' }) },
  });
  expect(await screen.findByText('Ce lien n’est pas valide ou a expiré.')).toBeInTheDocument();
  unknown.unmount();

  const none = renderPage(<DisableTrackingPage />, { route: '/disable-tracking-notif', session: null, api: {} });
  await waitFor(() => expect(screen.getByText(/Ce lien est incomplet/)).toBeInTheDocument());
  expect(none.calls).toEqual([]);
});
