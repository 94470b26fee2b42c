/**
 * Where a server's 400 answer belongs on a form. The server names each problem by where it
 * found it (DECISIONS.md §1: `errors[].path` such as "body.password" or "body.social.x"); the
 * form shows it under the field of that name and toasts only what names no field.
 */

export interface PathIssue {
  path: string;
  message: string;
  /** The problem's code and params (common/refusals), which the field says it by. */
  code?: string | undefined;
  params?: Record<string, unknown> | undefined;
}

/** A problem placed on a field: its name, its English, its code. */
export type FieldIssue = Omit<PathIssue, 'path'> & { name: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** Every field of a form, as dotted paths of its values: "name", "social.x". */
export function fieldNamesOf(values: unknown, prefix = ''): string[] {
  if (!isPlainObject(values)) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([key, value]) =>
    fieldNamesOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * The field a body path names: the longest leading part of it that is a field, so
 * "body.homeSectionSlugs.0" lands on a form that edits the whole list in one input. Paths
 * outside the body (query, params) and paths no field matches give undefined.
 */
export function fieldForPath(path: string, fields: readonly string[]): string | undefined {
  const [where, ...parts] = path.split('.');
  if (where !== 'body') return undefined;
  for (let n = parts.length; n > 0; n--) {
    const name = parts.slice(0, n).join('.');
    if (fields.includes(name)) return name;
  }
  return undefined;
}

/** The server's problems split into one message per field (the first) and the rest. */
export function sortIssues(
  issues: readonly PathIssue[],
  fields: readonly string[],
): { byField: FieldIssue[]; unplaced: PathIssue[] } {
  const byField: FieldIssue[] = [];
  const unplaced: PathIssue[] = [];
  for (const issue of issues) {
    const name = fieldForPath(issue.path, fields);
    if (name === undefined) unplaced.push(issue);
    else if (!byField.some((f) => f.name === name)) {
      const { path: _path, ...said } = issue;
      byField.push({ name, ...said });
    }
  }
  return { byField, unplaced };
}

/** A field's error with a message (and, from a shared schema or the server, its refusal). */
export interface ShownError {
  message: string;
  refusal?: { code: string; params?: Record<string, unknown> | undefined } | undefined;
}

/** The first error with a message in an error tree, skipping react-hook-form's references. */
function firstError(node: unknown, depth = 0): ShownError | undefined {
  if (typeof node !== 'object' || node === null || depth > 8) return undefined;
  const own = (node as { message?: unknown }).message;
  if (typeof own === 'string' && own) return node as ShownError;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ref' || key === 'types' || key === 'refusal') continue;
    const found = firstError(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The error to show under the field `name` (dotted): its own, or the first one about a part
 * of it (a list edited as one text reports "homeSectionSlugs.1").
 */
export function errorAt(errors: unknown, name: string): ShownError | undefined {
  let node: unknown = errors;
  for (const key of name.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return firstError(node);
}

/** The message of the error to show under the field `name` (errorAt's). */
export const errorMessageAt = (errors: unknown, name: string): string | undefined =>
  errorAt(errors, name)?.message;
