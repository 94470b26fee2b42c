import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';
import { PAGE_SEGMENTS as P } from '../common/paths';

// Explicit, in the order a reader meets them; /:category/:slug stays last (ARCHITECTURE.md).
// First segments come from common/paths.ts, which also reserves them from category slugs.
export default [
  ...prefix(P.admin, [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('analytics', 'routes/admin/analytics.tsx'),
      route('articles', 'routes/admin/articles.tsx'),
      route('add-article', 'routes/admin/article-form.tsx', { id: 'add-article' }),
      route('edit-article/:id', 'routes/admin/article-form.tsx', { id: 'edit-article' }),
      route('categories', 'routes/admin/categories.tsx'),
      route('editions', 'routes/admin/editions.tsx'),
      route('edition-homes', 'routes/admin/edition-homes.tsx'),
      route('sitemap', 'routes/admin/sitemap.tsx'),
      route('users', 'routes/admin/users.tsx'),
      route('media', 'routes/admin/media.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('subscribers', 'routes/admin/subscribers.tsx'),
      route('newsletters', 'routes/admin/newsletters.tsx'),
      route('webhooks', 'routes/admin/webhooks.tsx'),
      route('keys', 'routes/admin/keys.tsx'),
      route('members', 'routes/admin/members.tsx'),
      route('ads', 'routes/admin/ads.tsx'),
      route('comments', 'routes/admin/comments.tsx'),
      route('comment-bans', 'routes/admin/comment-bans.tsx'),
      route('epaper', 'routes/admin/epaper.tsx'),
      route('elections', 'routes/admin/elections.tsx'),
      route('elections/:slug', 'routes/admin/election-desk.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route(P.aboutUs, 'routes/public/static-page.tsx', { id: 'about-us' }),
    route(P.contactUs, 'routes/public/static-page.tsx', { id: 'contact-us' }),
    route(P.privacyPolicy, 'routes/public/static-page.tsx', { id: 'privacy-policy' }),
    route(P.disclaimer, 'routes/public/static-page.tsx', { id: 'disclaimer' }),
    route(P.login, 'routes/auth/login.tsx'),
    route(P.signup, 'routes/auth/signup.tsx'),
    route(P.reset, 'routes/auth/reset-request.tsx'),
    route(`${P.reset}/:token`, 'routes/auth/reset-password.tsx'),
    route(`${P.invite}/:token`, 'routes/auth/invitation.tsx'),
    route(P.profile, 'routes/public/profile.tsx'),
    route(`${P.category}/:slug`, 'routes/public/category.tsx'),
    route(`${P.author}/:slug`, 'routes/public/author.tsx'),
    route(`${P.tag}/:slug`, 'routes/public/tag.tsx'),
    route(P.search, 'routes/public/search.tsx'),
    route(P.plans, 'routes/public/plans.tsx'),
    route(P.corrections, 'routes/public/corrections.tsx'),
    // An edition's home (issue 65 item 3): a state, a city under it, a town under a city.
    route(`${P.local}/:state`, 'routes/public/edition.tsx', { id: 'edition-state' }),
    route(`${P.local}/:state/:city`, 'routes/public/edition.tsx', { id: 'edition-city' }),
    route(`${P.local}/:state/:city/:town`, 'routes/public/edition.tsx', { id: 'edition-town' }),
    // The e-paper (issue 67 item 3): the newest, an issue, one of its pages.
    route(P.epaper, 'routes/public/epaper.tsx', { id: 'epaper-home' }),
    route(`${P.epaper}/clips/:id`, 'routes/public/epaper-clip.tsx'),
    // Its archive (issue 68 item 5): every month with an issue, and one month.
    route(`${P.epaper}/:edition`, 'routes/public/epaper-archive.tsx', { id: 'epaper-archive' }),
    route(`${P.epaper}/:edition/month/:month`, 'routes/public/epaper-archive.tsx', {
      id: 'epaper-month',
    }),
    route(`${P.epaper}/:edition/:date`, 'routes/public/epaper.tsx', { id: 'epaper-issue' }),
    route(`${P.epaper}/:edition/:date/:page`, 'routes/public/epaper.tsx', { id: 'epaper-page' }),
    // An election's results (issue 69 item 4): the whole, a state, a seat.
    route(`${P.elections}/:slug`, 'routes/public/election.tsx', { id: 'election' }),
    route(`${P.elections}/:slug/:state`, 'routes/public/election.tsx', { id: 'election-state' }),
    route(`${P.elections}/:slug/:state/:seat`, 'routes/public/election-seat.tsx'),
    // SPEC.md §8's two redirect screens: one module, two routes.
    route(`${P.legacyArticle}/:id`, 'routes/redirects/article-redirect.tsx', {
      id: 'routes/redirects/legacy-article',
    }),
    route(`${P.slugRedirect}/:slug`, 'routes/redirects/article-redirect.tsx', {
      id: 'routes/redirects/slug-redirect',
    }),
    route(`${P.preview}/:token`, 'routes/public/preview.tsx'),
    route(P.notFound, 'routes/not-found.tsx', { id: 'not-found-page' }),
    route(':category/:slug', 'routes/public/article.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route(P.logout, 'routes/auth/logout.tsx'),
] satisfies RouteConfig;
