// The form of /dashboard/customize: the draft (./draft.ts) checked as the api checks it (§5 'counter' 1–50 characters
// for tab names, non-empty texts, a hex colour), plus the problems of the image fields.
import { z } from 'zod';
import type { HeaderStyle } from 'shared-kernel/contracts';
import type { Draft, EditTab } from './draft';
import { texts } from './customize.texts';

const M = texts.errors;
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const tabName = z.string().refine((name) => {
  const n = name.trim().length;
  return n >= 1 && n <= 50;
}, M.tabName);

const tabContent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('products'), filter: z.record(z.string(), z.array(z.string())).optional() }),
  z.object({ kind: z.literal('text'), text: z.string().refine((text) => text.trim().length > 0, M.tabText) }),
]);

const tabSchema: z.ZodType<EditTab, EditTab> = z.object({
  key: z.string(),
  id: z.number().optional(),
  name: tabName,
  exists: z.boolean(),
  content: tabContent,
  get children() {
    return z.array(tabSchema);
  },
});

export const customizeSchema = z
  .object({
    color: z.string().regex(HEX_COLOR, M.color),
    banner: z.string().nullable(),
    logo: z.string().nullable(),
    headerStyle: z.custom<HeaderStyle>(),
    tabs: z.array(tabSchema),
    /**
     * A file or an address the image field refused (the image itself keeps its previous value). Saving waits until
     * the field is put right, so that what is saved is what the field shows.
     */
    imageErrors: z.object({ banner: z.string().nullable(), logo: z.string().nullable() }),
  })
  .superRefine((values, ctx) => {
    for (const kind of ['banner', 'logo'] as const) {
      const message = values.imageErrors[kind];
      if (message) ctx.addIssue({ code: 'custom', path: [kind], message });
    }
  });

export type CustomizeValues = z.input<typeof customizeSchema>;

export const formValuesOf = (draft: Draft): CustomizeValues => ({ ...draft, imageErrors: { banner: null, logo: null } });

export const draftOfValues = ({ imageErrors: _ignored, ...draft }: CustomizeValues): Draft => draft;
