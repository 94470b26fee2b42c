/**
 * Where a server's 400 answer belongs on a form. The server names each problem by where it
 * found it (DECISIONS.md §1: `errors[].path` such as "body.password" or "body.social.x"); the
 * form shows it under the field of that name and toasts only what names no field.
 */

export interface PathIssue {
  path: string;
  message: string;
}

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
): { byField: { name: string; message: string }[]; unplaced: PathIssue[] } {
  const byField: { name: string; message: string }[] = [];
  const unplaced: PathIssue[] = [];
  for (const issue of issues) {
    const name = fieldForPath(issue.path, fields);
    if (name === undefined) unplaced.push(issue);
    else if (!byField.some((f) => f.name === name)) byField.push({ name, message: issue.message });
  }
  return { byField, unplaced };
}

/** The first message in an error tree, skipping react-hook-form's element references. */
function firstMessage(node: unknown, depth = 0): string | undefined {
  if (typeof node !== 'object' || node === null || depth > 8) return undefined;
  const own = (node as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ref' || key === 'types') continue;
    const found = firstMessage(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The message to show under the field `name` (dotted): its own, or the first one about a part
 * of it (a list edited as one text reports "homeSectionSlugs.1").
 */
export function errorMessageAt(errors: unknown, name: string): string | undefined {
  let node: unknown = errors;
  for (const key of name.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return firstMessage(node);
}
