import { z } from 'zod';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';

/** 'J’accepte le devis': the signer's name is the 'bon pour accord', sent trimmed. */
export const quoteAcceptSchema = z.object({
  name: z.string().trim().min(1, M.signerName),
});
