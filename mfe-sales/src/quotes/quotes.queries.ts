// A quote opened by the client from the link of its mail (contract shared-kernel/contracts/sales.ts):
//   GET  /v1/public/quotes/:token         → PublicQuote (no account; 404 unknown or expired link)
//   GET  /v1/public/quotes/:token/pdf     → the quote's PDF
//   POST /v1/public/quotes/:token/answer  body QuoteAnswerInput → { message, quote } (409 once answered or expired)
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicQuote, QuoteAnswerInput } from 'shared-kernel/contracts';
import { downloadApiFile } from 'shared-kernel/kit';
import { api, ApiError } from 'shared-kernel/runtime';

const quoteKey = (token: string) => ['sales', 'public-quote', token] as const;
const path = (token: string) => `/public/quotes/${encodeURIComponent(token)}`;

export function usePublicQuote(token: string) {
  return useQuery({
    queryKey: quoteKey(token),
    queryFn: ({ signal }) => api.get<PublicQuote>(path(token), { silent: true, signal }),
    enabled: !!token,
    // an unknown link stays unknown; a network failure is worth a second try
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
}

export function useAnswerQuote(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteAnswerInput) =>
      api.post<{ success: true; message: string; quote: PublicQuote }>(`${path(token)}/answer`, input, { silent: true }),
    onSuccess: (r) => client.setQueryData(quoteKey(token), r.quote),
    // answered meanwhile (another tab, the shop): show the quote as it is now
    onError: () => client.invalidateQueries({ queryKey: quoteKey(token) }),
  });
}

export const downloadPublicQuote = (token: string, number: string) => downloadApiFile(`${path(token)}/pdf`, undefined, `${number}.pdf`);
