import { redirect } from 'react-router';
import { namesFormerPost } from '../../../common/paths';
import type { AppContext } from '../../../common/services';

/**
 * Before a page answers 404: an address of the site this one replaced (a WordPress permalink
 * recorded by `npm run import:wordpress`) answers with a 301 to the article's address now
 * (DECISIONS.md §15). Throws the redirect; returns when the address is not a former one.
 */
export async function redirectFormerAddress(
  { services, logError }: Pick<AppContext, 'services' | 'logError'>,
  request: Request,
) {
  const url = new URL(request.url);
  // Client navigation asks for /{path}.data (or /_.data); the address is the same.
  const pathname = url.pathname.replace(/(\/_)?\.data$/, '') || '/';
  // A failed lookup must not turn a Not Found into an error page: it is logged and passed.
  const to = await services.articles
    .pathForFormerAddress(pathname, url.search)
    .catch((error: unknown) => {
      logError(error, `former address ${pathname} could not be looked up`);
      return undefined;
    });
  if (to) throw redirect(to, 301);
}

/** The home page answers old `/?p=123` addresses; any other query is just the home page. */
export async function redirectFormerPostQuery(
  context: Pick<AppContext, 'services' | 'logError'>,
  request: Request,
) {
  if (namesFormerPost(new URL(request.url).search)) await redirectFormerAddress(context, request);
}
