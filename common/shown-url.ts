/**
 * A configured address (DATABASE_REPLICA_URL, CDN_PURGE_URL, SMTP_URL…) as a log line or a
 * metric label may show it (issue 44 item 7): where it points (scheme, hosts, path, the names
 * of its parameters), never its user info nor a parameter's value, where operators put
 * passwords and keys (`postgres://reader:pw@db/patrika`, `…?password=pw`, `…/purge?key=k`).
 *
 * Read by hand rather than with `new URL`: a PostgreSQL address may name several hosts
 * (`postgres://h1:5432,h2:5432/db`), which the URL parser refuses, and a typed password may
 * hold an unescaped `@`. The authority ends at the first `/`, `?` or `#`; its user info, at the
 * last `@` before that.
 */
export function shownUrl(address: string): string {
  const scheme = /^[a-z][a-z\d+.-]*:\/\//i.exec(address)?.[0] ?? '';
  const rest = address.slice(scheme.length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const at = authority.lastIndexOf('@');
  const host = at === -1 ? authority : `***${authority.slice(at)}`;
  const after = rest.slice(authority.length);
  const hashAt = after.indexOf('#');
  const beforeHash = hashAt === -1 ? after : after.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query =
    queryAt === -1
      ? ''
      : '?' +
        beforeHash
          .slice(queryAt + 1)
          .split('&')
          .map((part) =>
            part.includes('=') ? `${part.slice(0, part.indexOf('='))}=***` : part && '***',
          )
          .join('&');
  return `${scheme}${host}${path}${query}${hashAt === -1 ? '' : '#***'}`;
}
