/*
 * Roles of DECISIONS.md §2, weakest first; each role from `author` on may do everything the ones
 * before it may. `moderator` (issue 42 item 2) stands aside from that line: it may what a reader
 * may, and moderate readers' comments, which authors may not. So moderation is asked with
 * `mayModerate`, never with `hasRole(role, 'moderator')`.
 */
export const ROLES = ['reader', 'moderator', 'author', 'editor', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

const rank = (role: Role) => ROLES.indexOf(role);

/** True when `role` is `minimum` or stronger. */
export function hasRole(role: Role, minimum: Role): boolean {
  return rank(role) >= rank(minimum);
}

/**
 * Who counts as staff: a member of the newsroom, who may open /admin (each screen asks for its
 * own role) and whose comments are marked "Staff". Authors and up also write articles.
 */
export const isStaff = (role: Role) => role !== 'reader';

/** The roles that write stories, authors and up: who has an author page, whom a note may mention. */
export const WRITING_ROLES = ROLES.filter((role) => hasRole(role, 'author'));

/** Who moderates readers' comments (issue 42 item 2): moderators, editors and administrators. */
export const mayModerate = (role: Role) => role === 'moderator' || hasRole(role, 'editor');

/** The roles that moderate, for queries (the daily mail of what waits). */
export const MODERATING_ROLES = ROLES.filter(mayModerate);

/** Where a newsroom member lands in the back office: a moderator has only the comments' queue. */
export const backOfficeHome = (role: Role) =>
  hasRole(role, 'author') ? '/admin/dashboard' : '/admin/comments';
