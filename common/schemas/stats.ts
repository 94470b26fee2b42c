import { z } from 'zod';

export const StatsSchema = z.object({
  categories: z.number(),
  articles: z.number(),
  published: z.number(),
  drafts: z.number(),
  users: z.number(),
  views: z.number(),
  viewsPerDay: z.array(z.object({ day: z.string(), views: z.number() })),
});
export type Stats = z.infer<typeof StatsSchema>;
