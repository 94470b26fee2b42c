/** Roles of DECISIONS.md §2, weakest first; each role may do everything the ones before it may. */
export const ROLES = ['reader', 'author', 'editor', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

const rank = (role: Role) => ROLES.indexOf(role);

/** True when `role` is `minimum` or stronger. */
export function hasRole(role: Role, minimum: Role): boolean {
  return rank(role) >= rank(minimum);
}

/** Who counts as staff: may open /admin and write articles. */
export const isStaff = (role: Role) => hasRole(role, 'author');
