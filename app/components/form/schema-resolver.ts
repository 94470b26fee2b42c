import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Refusal } from '../../../common/refusals/catalogue';
import { codeZodIssues } from '../../../common/refusals/schema-refusals';

/**
 * A field's error as the forms keep it: zod's (or the server's) English `message`, and the
 * refusal it says by code (common/refusals), which the field says in the interface's language
 * (fields.tsx). An error without one is a text the page's own schema wrote in its language.
 */
export type CodedFieldError = FieldError & { refusal?: Refusal };

type Issue = z.core.$ZodIssue & { refusal?: Refusal };

/** An issue's own, or for a union the first of the branch that came closest to matching. */
function issueOf(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
  const first = closest[0] as Issue | undefined;
  return first ? { ...first, path: [...issue.path, ...first.path] } : issue;
}

/**
 * react-hook-form's resolver for a zod schema (what `zodResolver` does), keeping each issue's
 * refusal on its field's error so that the field says it by code: the first problem of each
 * field, nested by its path.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { error: codeZodIssues });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, CodedFieldError> = {};
    for (const raw of result.error.issues as Issue[]) {
      const issue = issueOf(raw);
      const path = issue.path.join('.');
      if (errors[path]) continue;
      errors[path] = {
        type: issue.code,
        message: issue.message,
        ...(issue.refusal ? { refusal: issue.refusal } : {}),
      };
    }
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}
