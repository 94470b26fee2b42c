import { z } from 'zod';

/** What an input can say about itself in HTML, read from the zod schema that checks it. */
export interface InputConstraints {
  required?: true;
  minLength?: number;
  maxLength?: number;
}

type AnySchema = z.core.$ZodType;

interface Lengths {
  min?: number;
  max?: number;
}

/** The tighter of two length rules: the larger minimum, the smaller maximum. */
const both = (a: Lengths, b: Lengths): Lengths => ({
  min: a.min === undefined ? b.min : b.min === undefined ? a.min : Math.max(a.min, b.min),
  max: a.max === undefined ? b.max : b.max === undefined ? a.max : Math.min(a.max, b.max),
});

/** The looser of two length rules, for "either" (a union): both must fit. */
const either = (a: Lengths, b: Lengths): Lengths => ({
  min: a.min === undefined || b.min === undefined ? undefined : Math.min(a.min, b.min),
  max: a.max === undefined || b.max === undefined ? undefined : Math.max(a.max, b.max),
});

/** The text lengths a schema accepts, looking through optional, default, pipes and unions. */
function lengths(schema: AnySchema): Lengths {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: AnySchema;
    in?: AnySchema;
    out?: AnySchema;
    options?: readonly AnySchema[];
    values?: readonly unknown[];
  };
  switch (def.type) {
    case 'string': {
      // zod 4's text schemas (z.string(), z.email(), z.uuid()...) expose their length rules.
      const text = schema as { minLength?: number | null; maxLength?: number | null };
      return { min: text.minLength ?? undefined, max: text.maxLength ?? undefined };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType ? lengths(def.innerType) : {};
    case 'pipe':
      // A transform passes its input on: the rules of both ends apply to what is typed.
      return both(def.in ? lengths(def.in) : {}, def.out ? lengths(def.out) : {});
    case 'union':
      return (def.options ?? []).map(lengths).reduce(either);
    case 'literal': {
      const texts = (def.values ?? []).filter((v): v is string => typeof v === 'string');
      if (texts.length !== (def.values ?? []).length) return {};
      const sizes = texts.map((v) => v.length);
      return { min: Math.min(...sizes), max: Math.max(...sizes) };
    }
    default:
      return {};
  }
}

/**
 * The `required`, `minLength` and `maxLength` attributes for an input checked by `schema`, so a
 * limit is written once, in the schema (STYLE.md "A rule lives in one place"). A field is
 * required when neither an empty text nor a missing value passes.
 */
export function inputConstraints(schema: AnySchema | undefined): InputConstraints {
  if (!schema) return {};
  const { min, max } = lengths(schema);
  const required = !z.safeParse(schema, '').success && !z.safeParse(schema, undefined).success;
  return {
    ...(required ? { required } : {}),
    ...(min !== undefined && min > 0 ? { minLength: min } : {}),
    ...(max !== undefined ? { maxLength: max } : {}),
  };
}

/** The object schema inside wrappers (optional, default...) and at the far end of pipes. */
function objectShape(schema: AnySchema | undefined): Record<string, AnySchema> | undefined {
  const def = schema?._zod.def as
    | (z.core.$ZodTypeDef & {
        shape?: Record<string, AnySchema>;
        innerType?: AnySchema;
        out?: AnySchema;
      })
    | undefined;
  if (!def) return undefined;
  if (def.type === 'object') return def.shape;
  return objectShape(def.type === 'pipe' ? def.out : def.innerType);
}

/**
 * The schema of the field at a dotted form path ("social.x") inside an object schema (or a
 * pipe ending in one), or undefined when the path leads nowhere.
 */
export function schemaAt(root: AnySchema, path: string): AnySchema | undefined {
  let schema: AnySchema | undefined = root;
  for (const key of path.split('.')) schema = objectShape(schema)?.[key];
  return schema;
}

/** The constraints of the field at `path` in `root` (see inputConstraints). */
export const constraintsAt = (root: AnySchema | undefined, path: string): InputConstraints =>
  root ? inputConstraints(schemaAt(root, path)) : {};
