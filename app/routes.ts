import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

// Explicit, in the order a reader meets them; /:category/:slug stays last (ARCHITECTURE.md).
export default [
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('articles', 'routes/admin/articles.tsx'),
      route('add-article', 'routes/admin/article-form.tsx', { id: 'add-article' }),
      route('edit-article/:id', 'routes/admin/article-form.tsx', { id: 'edit-article' }),
      route('categories', 'routes/admin/categories.tsx'),
      route('sitemap', 'routes/admin/sitemap.tsx'),
      route('users', 'routes/admin/users.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('about-us', 'routes/public/static-page.tsx', { id: 'about-us' }),
    route('contact-us', 'routes/public/static-page.tsx', { id: 'contact-us' }),
    route('privacy-policy', 'routes/public/static-page.tsx', { id: 'privacy-policy' }),
    route('disclaimer', 'routes/public/static-page.tsx', { id: 'disclaimer' }),
    route('login', 'routes/auth/login.tsx'),
    route('signup', 'routes/auth/signup.tsx'),
    route('profile', 'routes/public/profile.tsx'),
    route('category/:slug', 'routes/public/category.tsx'),
    route('articles/:id', 'routes/redirects/legacy-article.tsx'),
    route('article/:slug', 'routes/redirects/slug-redirect.tsx'),
    route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
    route(':category/:slug', 'routes/public/article.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('logout', 'routes/auth/logout.tsx'),
] satisfies RouteConfig;
