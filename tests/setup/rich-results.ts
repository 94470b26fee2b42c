/*
 * JSON-LD read as Google's rich results read it: the required and recommended properties of
 * each type we write, from Search Central's structured-data docs (Article, Breadcrumb,
 * Organization and logo, Profile page, Sitelinks search box). `richResultProblems` names what
 * is missing or malformed; a clean block gives [].
 */

type Thing = Record<string, unknown>;

/** Every `<script type="application/ld+json">` of a page, parsed (a broken one throws). */
export function jsonLdBlocks(html: string): Thing[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Thing,
  );
}

const isAbsoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);
const isDateTime = (v: unknown) =>
  typeof v === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v);
const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const asThing = (v: unknown): Thing | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Thing) : undefined;

function imageUrls(v: unknown): unknown[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((i) => asThing(i)?.url ?? i);
}

function organizationProblems(org: Thing, where: string): string[] {
  const problems: string[] = [];
  if (!text(org.name)) problems.push(`${where}: name`);
  if (!isAbsoluteUrl(org.url)) problems.push(`${where}: url`);
  const logo = asThing(org.logo);
  const logoUrl = logo ? logo.url : org.logo;
  if (!isAbsoluteUrl(logoUrl)) problems.push(`${where}: logo`);
  // Google: a logo at least 112 x 112 pixels.
  if (logo && (Number(logo.width) < 112 || Number(logo.height) < 112))
    problems.push(`${where}: logo smaller than 112 x 112`);
  if (org.sameAs !== undefined) {
    const sameAs = Array.isArray(org.sameAs) ? org.sameAs : [org.sameAs];
    if (!sameAs.every(isAbsoluteUrl)) problems.push(`${where}: sameAs`);
  }
  return problems;
}

function personProblems(person: Thing, where: string): string[] {
  const problems: string[] = [];
  if (person['@type'] !== 'Person' && person['@type'] !== 'Organization')
    problems.push(`${where}: @type Person or Organization`);
  if (!text(person.name)) problems.push(`${where}: name`);
  if (!isAbsoluteUrl(person.url)) problems.push(`${where}: url`);
  return problems;
}

const CHECKS: Record<string, (b: Thing) => string[]> = {
  NewsArticle(b) {
    const problems: string[] = [];
    if (!text(b.headline)) problems.push('headline');
    else if (Array.from(b.headline as string).length > 110) problems.push('headline over 110');
    const images = imageUrls(b.image);
    if (images.length === 0 || !images.every(isAbsoluteUrl)) problems.push('image');
    if (!isDateTime(b.datePublished)) problems.push('datePublished');
    if (!isDateTime(b.dateModified)) problems.push('dateModified');
    const authors = Array.isArray(b.author) ? b.author : [b.author];
    authors.forEach((a, i) => problems.push(...personProblems(asThing(a) ?? {}, `author[${i}]`)));
    const publisher = asThing(b.publisher);
    if (!publisher) problems.push('publisher');
    else problems.push(...organizationProblems(publisher, 'publisher'));
    if (!text(b.inLanguage)) problems.push('inLanguage');
    return problems;
  },
  BreadcrumbList(b) {
    const items = Array.isArray(b.itemListElement) ? b.itemListElement : [];
    if (items.length === 0) return ['itemListElement'];
    return items.flatMap((raw, i) => {
      const item = asThing(raw) ?? {};
      const problems: string[] = [];
      if (item['@type'] !== 'ListItem') problems.push(`item ${i}: @type ListItem`);
      if (item.position !== i + 1) problems.push(`item ${i}: position`);
      if (!text(item.name)) problems.push(`item ${i}: name`);
      // Only the last crumb may leave out its address.
      if (!(i === items.length - 1 && item.item === undefined) && !isAbsoluteUrl(item.item))
        problems.push(`item ${i}: item`);
      return problems;
    });
  },
  Organization: (b) => organizationProblems(b, 'Organization'),
  WebSite(b) {
    const problems: string[] = [];
    if (!text(b.name)) problems.push('name');
    if (!isAbsoluteUrl(b.url)) problems.push('url');
    const action = asThing(b.potentialAction);
    if (action) {
      const target = asThing(action.target);
      const template = target?.urlTemplate;
      if (typeof template !== 'string' || !template.includes('{search_term_string}'))
        problems.push('potentialAction.target.urlTemplate');
      if (action['query-input'] !== 'required name=search_term_string')
        problems.push('potentialAction.query-input');
    }
    return problems;
  },
  ProfilePage(b) {
    const entity = asThing(b.mainEntity);
    if (!entity) return ['mainEntity'];
    const problems = personProblems(entity, 'mainEntity');
    if (entity.image !== undefined && !imageUrls(entity.image).every(isAbsoluteUrl))
      problems.push('mainEntity: image');
    return problems;
  },
  CollectionPage(b) {
    const problems: string[] = [];
    if (!text(b.name)) problems.push('name');
    if (!isAbsoluteUrl(b.url)) problems.push('url');
    const list = asThing(b.mainEntity);
    const items = Array.isArray(list?.itemListElement) ? list.itemListElement : [];
    if (!items.every((raw) => isAbsoluteUrl(asThing(raw)?.url))) problems.push('mainEntity items');
    return problems;
  },
};

/** What Google would find missing or malformed in one block (`[]` when none). */
export function richResultProblems(block: Thing): string[] {
  const type = String(block['@type']);
  const problems = block['@context'] === 'https://schema.org' ? [] : ['@context'];
  const check = CHECKS[type];
  if (!check) return [...problems, `unchecked type ${type}`];
  return [...problems, ...check(block).map((p) => `${type}: ${p}`)];
}
