/** The site's administrator in the browser tests: the first account, made by admin.setup.ts. */
export const ADMIN = {
  name: 'Site Admin',
  email: 'admin@patrika.test',
  password: 'admin-password-123',
};
