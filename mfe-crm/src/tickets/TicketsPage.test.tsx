import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketDetail, TicketListItem } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import TicketsPage from './TicketsPage';

const item: TicketListItem = {
  id: 7,
  shop: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
  buyer: { id: 6, name: 'Béatrice Acheteuse' },
  order: { id: 3, number: 'CMD-2026-0003' },
  subject: 'Expédition de ma commande',
  status: 'open',
  unread: 1,
  lastMessageAt: '2026-03-21T14:05:00Z',
  excerpt: 'Le colis est bien arrivé.',
  lastMessageSide: 'buyer',
  createdAt: '2026-03-20T10:00:00Z',
};
const detail = (messages: TicketDetail['messages']): TicketDetail => ({ ...item, unread: 0, viewerSide: 'shop', messages });
const first = {
  id: 1,
  side: 'buyer' as const,
  author: 'Béatrice Acheteuse',
  body: 'Le colis est bien arrivé.',
  createdAt: '2026-03-21T14:05:00Z',
};

it('the shop replies from the thread: the body is sent (Ctrl+Enter) and the box is emptied', async () => {
  const page = renderPage(<TicketsPage />, {
    route: '/tickets?thread=7',
    session: 'owner',
    api: {
      'GET /tickets': (req: ApiRequest) => paginatedOf([item], req.query),
      'GET /tickets/:id': () => detail([first]),
      'POST /tickets/:id/messages': (req: ApiRequest) => ({
        ...detail([
          first,
          {
            id: 2,
            side: 'shop',
            author: 'Olivier Propriétaire',
            body: (req.body as { body: string }).body,
            createdAt: '2026-03-21T15:00:00Z',
          },
        ]),
        message: 'Message envoyé',
      }),
    },
  });
  expect(await screen.findByRole('heading', { name: 'Expédition de ma commande' })).toBeInTheDocument();
  const box = screen.getByLabelText('Votre réponse');
  await userEvent.type(box, 'Merci pour votre retour !');
  await userEvent.keyboard('{Control>}{Enter}{/Control}');
  await waitFor(() => expect(box).toHaveValue(''));
  const post = page.calls.find((c) => c.method === 'POST');
  expect(post).toMatchObject({ path: '/tickets/7/messages', body: { body: 'Merci pour votre retour !' } });
  expect(await screen.findByText('Merci pour votre retour !')).toBeInTheDocument();
});

it("a buyer's new-thread form shows the §5 message on an empty subject and sends nothing", async () => {
  const page = renderPage(<TicketsPage />, {
    route: '/tickets?shop=domaine-demo',
    session: 'buyer',
    api: {
      'GET /tickets': (req: ApiRequest) => paginatedOf([], req.query),
      'GET /tickets/shops': () => [
        {
          id: 1,
          name: 'Domaine de Démo',
          urlShop: 'domaine-demo',
          orders: [{ id: 3, number: 'CMD-2026-0003', createdAt: '2026-03-01T10:00:00Z' }],
        },
      ],
    },
  });
  const message = await screen.findByLabelText(/^Message/);
  await userEvent.type(message, 'Bonjour, une question.');
  await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
  expect(await screen.findByText('Ce champ ne peut pas être vide')).toBeInTheDocument();
  expect(screen.getByLabelText(/^Sujet/)).toHaveAttribute('aria-invalid', 'true');
  expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  // the shop of ?shop= is chosen already
  expect(screen.getAllByText('Domaine de Démo').length).toBeGreaterThan(0);
  expect(screen.queryByText('Choisissez une boutique')).toBeNull();
});
