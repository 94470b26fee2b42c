import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { constraintsAt, inputConstraints, schemaAt } from '../../app/components/form/constraints';
import { ArticleInputSchema } from '../../common/schemas/article-input';
import { CategoryInputSchema } from '../../common/schemas/categories';
import { SignInSchema, SignUpSchema } from '../../common/schemas/users';
import { SiteSettingsSchema } from '../../common/settings';

describe('inputConstraints', () => {
  it('reads required, minLength and maxLength from a trimmed text rule', () => {
    expect(inputConstraints(SignUpSchema.shape.name)).toEqual({
      required: true,
      minLength: 1,
      maxLength: 100,
    });
    expect(inputConstraints(SignUpSchema.shape.password)).toEqual({
      required: true,
      minLength: 8,
      maxLength: 200,
    });
  });

  it('sees through optional and default: a limit, but nothing required', () => {
    expect(inputConstraints(ArticleInputSchema.shape.slug)).toEqual({ maxLength: 120 });
    expect(inputConstraints(ArticleInputSchema.shape.metaDescription)).toEqual({
      maxLength: 1000,
    });
    expect(inputConstraints(CategoryInputSchema.shape.isHome)).toEqual({});
  });

  it('sees through pipes: the e-mail rule is required, with its length on the text side', () => {
    expect(inputConstraints(SignInSchema.shape.email)).toEqual({
      required: true,
      maxLength: 254,
    });
  });

  it('a format such as an id makes a field required without a length', () => {
    expect(inputConstraints(ArticleInputSchema.shape.category)).toEqual({ required: true });
  });

  it('a transform in front of the rule keeps the rule\'s limits (empty means "keep it")', () => {
    const keepWhenEmpty = z
      .string()
      .transform((v) => v || undefined)
      .pipe(SignUpSchema.shape.password.optional());
    expect(inputConstraints(keepWhenEmpty)).toEqual({ minLength: 8, maxLength: 200 });
  });

  it('an empty-or-valid union takes the longest option and is not required', () => {
    expect(inputConstraints(SiteSettingsSchema.shape.contactEmail)).toEqual({ maxLength: 200 });
  });

  it('gives nothing for no schema or a schema without text rules', () => {
    expect(inputConstraints(undefined)).toEqual({});
    expect(inputConstraints(z.number())).toEqual({ required: true });
    expect(inputConstraints(z.boolean().optional())).toEqual({});
  });
});

describe('schemaAt and constraintsAt', () => {
  it('find a nested field by its dotted form name', () => {
    expect(schemaAt(SiteSettingsSchema, 'social.x')).toBe(SiteSettingsSchema.shape.social.shape.x);
    expect(constraintsAt(SiteSettingsSchema, 'social.x')).toEqual({ maxLength: 500 });
    expect(constraintsAt(SiteSettingsSchema, 'shortName')).toEqual({
      required: true,
      minLength: 1,
      maxLength: 30,
    });
  });

  it('look into refined objects and pipes that end in an object', () => {
    const refined = SignUpSchema.extend({ confirmPassword: z.string() }).refine(() => true);
    expect(constraintsAt(refined, 'name')).toMatchObject({ maxLength: 100 });
    const piped = z
      .custom<{ title: string }>()
      .transform((v) => ({ name: v.title }))
      .pipe(SignUpSchema.pick({ name: true }));
    expect(constraintsAt(piped, 'name')).toMatchObject({ maxLength: 100 });
  });

  it('give nothing for a path that leads nowhere', () => {
    expect(schemaAt(SiteSettingsSchema, 'social.myspace')).toBeUndefined();
    expect(schemaAt(SiteSettingsSchema, 'shortName.length')).toBeUndefined();
    expect(constraintsAt(undefined, 'name')).toEqual({});
  });
});
