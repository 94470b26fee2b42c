/*
 * A robots.txt reader written from Google's specification (RFC 9309 and
 * developers.google.com/search/docs/crawling-indexing/robots/robots_txt), not from our server:
 * tests ask it whether a crawler may fetch an address, as a search engine would decide.
 *
 * - The group for the crawler's product token is used, else the `*` group.
 * - A rule's path is a prefix of the address's path and query; `*` matches any characters and
 *   a final `$` anchors the end.
 * - The longest matching rule wins; between an Allow and a Disallow of equal length, Allow.
 * - An empty Disallow allows everything.
 */

interface Rule {
  allow: boolean;
  pattern: string;
  matches: RegExp;
}

const toRegExp = (pattern: string) => {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
};

export interface RobotsTxt {
  /** May a crawler with this product token fetch the path (with its query)? */
  allows(pathAndQuery: string, agent?: string): boolean;
  sitemaps: string[];
}

export function parseRobotsTxt(text: string): RobotsTxt {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  const sitemaps: string[] = [];
  let current: { agents: string[]; rules: Rule[] } | undefined;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const field = (m[1] as string).toLowerCase();
    const value = (m[2] as string).trim();
    if (field === 'sitemap') {
      sitemaps.push(value);
      continue;
    }
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if ((field === 'allow' || field === 'disallow') && current && value) {
      current.rules.push({ allow: field === 'allow', pattern: value, matches: toRegExp(value) });
    }
  }

  return {
    sitemaps,
    allows(pathAndQuery, agent = 'googlebot') {
      const own = groups.filter((g) => g.agents.includes(agent.toLowerCase()));
      const chosen = own.length > 0 ? own : groups.filter((g) => g.agents.includes('*'));
      let best: Rule | undefined;
      for (const rule of chosen.flatMap((g) => g.rules)) {
        if (!rule.matches.test(pathAndQuery)) continue;
        const longer = !best || rule.pattern.length > best.pattern.length;
        const tieToAllow = best && rule.pattern.length === best.pattern.length && rule.allow;
        if (longer || tieToAllow) best = rule;
      }
      return best?.allow ?? true;
    },
  };
}
