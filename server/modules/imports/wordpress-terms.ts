/*
 * The people and sections of a WordPress export: its authors as accounts here, its categories
 * as sections (one level deep) made when a post has them first.
 */
import { RESERVED_SLUGS as RESERVED } from '../../../common/paths';
import { slugify } from '../../../common/slug';
import { findOrCreateCategory } from '../categories/categories-transfer';
import { findOrCreateAuthor } from '../users/users-transfer';
import { wordpressSlug } from './wordpress-content';
import type { ImportRun } from './wordpress-run';
import type { WxrAuthor, WxrFile, WxrTerm } from './wxr-types';

/**
 * Authors: everyone the file lists, and any post's or page's creator it does not (`creators`,
 * the outline's). Answers their ids.
 */
export async function importAuthors(
  run: ImportRun,
  creators: readonly string[],
): Promise<Map<string, string>> {
  const { wxr, report } = run;
  const authors = new Map<string, WxrAuthor>(wxr.authors.map((a) => [a.login, a]));
  for (const login of creators)
    if (login && !authors.has(login))
      authors.set(login, { id: '', login, email: '', displayName: login });
  const authorIds = new Map<string, string>();
  for (const a of authors.values()) {
    const known = await run.isRecorded('author', a.login);
    if (known) {
      authorIds.set(a.login, known);
      report({ kind: 'author', key: a.login, title: a.displayName, outcome: 'unchanged' });
      continue;
    }
    const email = a.email || `${slugify(a.login) || 'author'}@imported.invalid`;
    const user = await findOrCreateAuthor(run.tx, { name: a.displayName || a.login, email });
    authorIds.set(a.login, user.id);
    await run.record('author', a.login, user.id);
    report({
      kind: 'author',
      key: a.login,
      title: a.displayName || a.login,
      outcome: user.created ? 'created' : 'reused',
      note: user.created
        ? `author account ${email}, no password: an administrator sets one`
        : `the existing account ${email}`,
    });
  }
  return authorIds;
}

/**
 * The WordPress category at the top of `nicename`'s tree, or undefined when it is at the top
 * itself. Sections go one level deep here (issue 26 item 6): a WordPress tree of any depth
 * comes in as its top categories with every other one directly inside its own top one.
 */
function topOf(wxr: WxrFile, nicename: string): WxrTerm | undefined {
  const byName = new Map(wxr.categories.map((c) => [c.nicename, c]));
  let top: WxrTerm | undefined;
  const seen = new Set([nicename]);
  for (let c = byName.get(nicename); c?.parent && !seen.has(c.parent);) {
    seen.add(c.parent);
    const parent = byName.get(c.parent);
    if (!parent) break;
    top = parent;
    c = parent;
  }
  return top;
}

/**
 * Categories: made when a post has them first (each once), inside the top category of their
 * WordPress tree (made first when needed); the rest become keywords.
 */
export function categoryImporter(run: ImportRun) {
  const categoryIds = new Map<string, { id: string; slug: string }>();
  const categoryOf = async (
    nicename: string,
    name: string,
  ): Promise<{ id: string; slug: string }> => {
    const cached = categoryIds.get(nicename);
    if (cached) return cached;
    const term = run.wxr.categories.find((c) => c.nicename === nicename);
    const top = topOf(run.wxr, nicename);
    const parent = top ? await categoryOf(top.nicename, top.name || top.nicename) : undefined;
    const known = await run.isRecorded('category', nicename);
    const slug = categorySlugFor(nicename, name);
    const description = term?.description ?? '';
    const category = await findOrCreateCategory(run.tx, {
      slug,
      name,
      description,
      parentId: parent?.id ?? null,
    });
    if (!known) await run.record('category', nicename, category.id);
    categoryIds.set(nicename, { id: category.id, slug: category.slug });
    const notes = [
      ...(category.slug !== nicename ? [`slug ${category.slug}`] : []),
      ...(category.created && category.parentId && top
        ? [`inside ${top.name || top.nicename}`]
        : []),
    ];
    run.report({
      kind: 'category',
      key: nicename,
      title: name,
      outcome: known ? 'unchanged' : category.created ? 'created' : 'reused',
      ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    });
    return { id: category.id, slug: category.slug };
  };
  return { categoryOf, categoryIds };
}

/** Our category slug for a WordPress one (percent-encoded Hindi ones transliterated). */
function categorySlugFor(nicename: string, name: string): string {
  const slug = wordpressSlug(nicename, name) || 'uncategorized';
  // A slug the site itself uses (DECISIONS.md §5) gets a suffix rather than a refusal.
  return RESERVED.has(slug) ? `${slug}-category` : slug;
}
