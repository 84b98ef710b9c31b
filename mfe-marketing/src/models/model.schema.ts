import { z } from 'zod';
import { EMAIL_MODEL_KINDS, MARKETING_MESSAGES as M } from 'shared-kernel/contracts';

/** The new template form (the blocks or the HTML come in the editor). */
export const modelAddSchema = z.object({
  name: z.string().trim().min(1, M.name).max(200, M.nameMax),
  kind: z.enum(EMAIL_MODEL_KINDS, { error: M.modelKind }),
  subject: z.string().trim().max(255, M.subjectMax),
});
export type ModelAddValues = z.output<typeof modelAddSchema>;

export const ADVANCED_STARTER =
  '<html><body style="background-color: #f4f4f4"><table width="600" align="center" cellpadding="24" bgcolor="#ffffff" role="presentation"><tr><td><h1>Bonjour {{firstname}},</h1><p>Votre message ici.</p><p>{{signature}}</p></td></tr></table></body></html>';
