/*
 * The demo site's writers (issue 26 item 9): a newcomer sees bylines, author pages with a bio
 * and a photo, and who wrote what. They cannot sign in (no password; an administrator may set
 * one with `npm run user:password`), so the demo opens no account to anyone.
 */
import sharp from 'sharp';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema/users';

interface DemoAuthor {
  name: string;
  slug: string;
  email: string;
  bio: string;
  /** The portrait's colours: background and figure. */
  colours: [string, string];
}

export const DEMO_AUTHORS: DemoAuthor[] = [
  {
    name: 'सीमा शर्मा',
    slug: 'seema-sharma',
    email: 'seema.sharma@demo.patrika.example',
    bio: 'जयपुर में बीस साल से संस्कृति, त्योहार और शहर की बदलती ज़िंदगी पर लिखती हैं। चिट्ठियाँ अब भी हाथ से लिखती हैं।',
    colours: ['#fde68a', '#7c2d12'],
  },
  {
    name: 'Arjun Mehta',
    slug: 'arjun-mehta',
    email: 'arjun.mehta@demo.patrika.example',
    bio: 'Writes on technology, money and the everyday web from Bengaluru; before that, a decade on a business desk.',
    colours: ['#bae6fd', '#1e3a8a'],
  },
  {
    name: 'राहुल वर्मा',
    slug: 'rahul-verma',
    email: 'rahul.verma@demo.patrika.example',
    bio: 'खेल, सेहत और यात्रा के संवाददाता। पहाड़ों में ट्रेकिंग और सुबह की दौड़ के शौक़ीन।',
    colours: ['#a7f3d0', '#064e3b'],
  },
];

/** An abstract portrait (a head and shoulders in two colours), 400 × 400, as JPEG. */
async function portrait([background, figure]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="${background}"/>
  <circle cx="200" cy="160" r="80" fill="${figure}"/>
  <ellipse cx="200" cy="400" rx="150" ry="130" fill="${figure}"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Makes the demo writers that are not there yet (by e-mail; what an administrator changed in
 * them stays) and answers every demo writer's id, in DEMO_AUTHORS' order.
 */
export async function ensureDemoAuthors(
  db: Db,
  storeImage: (data: Buffer) => Promise<{ url: string }>,
  now: Date,
): Promise<string[]> {
  const emails = DEMO_AUTHORS.map((a) => a.email);
  const there = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (u) => u.email,
    ),
  );
  for (const author of DEMO_AUTHORS) {
    if (there.has(author.email)) continue;
    const photo = await storeImage(await portrait(author.colours));
    await db
      .insert(users)
      .values({
        name: author.name,
        slug: author.slug,
        email: author.email,
        passwordHash: null,
        role: 'author',
        bio: author.bio,
        photoUrl: photo.url,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return emails.flatMap((e) => (byEmail.has(e) ? [byEmail.get(e)!] : []));
}
