/*
 * The scale bench's sitemap figures (bench/scale.ts, issue 71 item 4): the index's first answer,
 * 8 of its month files spread over the archive and the list pages' file, each made once.
 */
import { percentile } from './profile';

export async function sitemapFigures(base: string) {
  const started = performance.now();
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const indexMs = Number((performance.now() - started).toFixed(1));
  const files = [...index.matchAll(/<loc>[^<]*?(\/sitemap-\d{4}-\d{2}(?:-\d+)?\.xml)<\/loc>/g)].map(
    (m) => m[1]!,
  );
  const picked = files.filter((_, i) => i % Math.max(1, Math.floor(files.length / 8)) === 0);
  // The list pages' file: a probe of its own index for each section, tag, author and edition.
  const pages = /<loc>[^<]*?(\/sitemap-pages-1\.xml)<\/loc>/.exec(index)?.[1];
  let pagesFileMs = 0;
  if (pages) {
    const at = performance.now();
    await (await fetch(`${base}${pages}`)).text();
    pagesFileMs = Number((performance.now() - at).toFixed(1));
  }
  const times: number[] = [];
  let most = (index.match(/<url>/g) ?? []).length;
  for (const file of picked) {
    const at = performance.now();
    const body = await (await fetch(`${base}${file}`)).text();
    times.push(performance.now() - at);
    most = Math.max(most, (body.match(/<url>/g) ?? []).length);
  }
  return {
    indexMs,
    files: files.length,
    monthFileP50: percentile(times, 0.5),
    monthFileMax: percentile(times, 1),
    mostAddresses: most,
    pagesFileMs,
  };
}
