/*
 * What a reader sees when the site cannot reach its database and holds no copy of the page
 * (issue 24 R1): a short page in the interface language, answered 503 with Retry-After, that
 * asks them to try again. Plain HTML with nothing to load: the site may have nothing else to
 * give just then.
 */
import type { Language } from './articles';

const TEXTS: Record<Language, { title: string; body: string; again: string }> = {
  en: {
    title: 'We will be right back',
    body: 'The site cannot reach its database just now. Please try again in a few seconds.',
    again: 'Try again',
  },
  hi: {
    title: 'हम अभी लौटते हैं',
    body: 'साइट अभी अपने डेटाबेस तक नहीं पहुँच पा रही है। कृपया कुछ सेकंड बाद फिर कोशिश करें।',
    again: 'फिर कोशिश करें',
  },
};

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The outage page for `path` (the link that asks again), in `language`. */
export function outagePage(language: Language, path: string): string {
  const t = TEXTS[language];
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(t.title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escape(t.title)}</h1><p>${escape(t.body)}</p><p><a href="${escape(path)}">${escape(t.again)}</a></p></main></body></html>`;
}
