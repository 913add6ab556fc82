import { z } from 'zod';

/** Store details shown in the footer and used by the order-success link: one file, fixtures/store.json. */
export const storeConfigSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  about: z.string(),
  currency: z.string().length(3),
  phones: z.array(z.string()).min(1),
  email: z.string(),
  showroom: z.string(),
  whatsapp: z.string().regex(/^\d{8,15}$/),
  social: z.array(z.object({ name: z.string(), url: z.string() })),
  cards: z.array(z.string()),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;
