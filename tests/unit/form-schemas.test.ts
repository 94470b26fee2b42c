import { describe, expect, it } from 'vitest';
import { copy } from '../../app/copy/en';
import { ProfileFormSchema } from '../../app/features/session/profile-form';
import { SignUpFormSchema } from '../../app/features/session/sign-up-form';
import { SettingsFormSchema, toSettingsForm } from '../../app/features/settings/settings-form';
import { ProfileUpdateSchema } from '../../common/schemas/users';
import { DEFAULT_SETTINGS } from '../../common/settings';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('SignUpFormSchema', () => {
  const form = {
    name: 'Asha',
    email: 'Asha@Example.com',
    password: 'long-enough',
    confirmPassword: 'long-enough',
  };

  it('passes matching passwords and gives what the server is sent', () => {
    const parsed = SignUpFormSchema.safeParse(form);
    expect(parsed.data).toMatchObject({ email: 'asha@example.com', password: 'long-enough' });
  });

  it("says SPEC.md's 'Passwords do not match' on Confirm Password", () => {
    expect(issues(SignUpFormSchema.safeParse({ ...form, confirmPassword: 'long-enouhg' }))).toEqual(
      [['confirmPassword', 'Passwords do not match']],
    );
  });

  it('asks for the confirmation when it is empty, rather than calling it a mismatch', () => {
    expect(issues(SignUpFormSchema.safeParse({ ...form, confirmPassword: '' }))).toEqual([
      ['confirmPassword', copy.auth.confirmPasswordRequired],
    ]);
  });

  it("keeps the server's own password rule and message", () => {
    expect(
      issues(SignUpFormSchema.safeParse({ ...form, password: 'short', confirmPassword: 'short' })),
    ).toEqual([['password', 'Password must be at least 8 characters']]);
  });
});

describe('ProfileFormSchema', () => {
  it('an empty new password means "keep it" and is left out', () => {
    const parsed = ProfileFormSchema.safeParse({
      name: 'Asha',
      password: '',
      currentPassword: 'old',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.password).toBeUndefined();
  });

  it('a new name alone needs no current password, and sends none', () => {
    const parsed = ProfileFormSchema.safeParse({ name: 'Asha', password: '', currentPassword: '' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ name: 'Asha' });
  });

  it("a new password without the current one gets the server's message under it", () => {
    const typed = { name: 'Asha', password: 'a new passphrase', currentPassword: '' };
    expect(issues(ProfileFormSchema.safeParse(typed))).toEqual([
      ['currentPassword', 'Type your current password to set a new one.'],
    ]);
    expect(
      ProfileUpdateSchema.safeParse(ProfileFormSchema.parse({ ...typed, currentPassword: 'old' }))
        .success,
    ).toBe(true);
  });

  it('a writer’s empty slug keeps it; an emptied bio or photo clears it', () => {
    const parsed = ProfileFormSchema.safeParse({
      name: 'Asha',
      password: '',
      currentPassword: '',
      slug: '',
      bio: '',
      photoUrl: '',
    });
    expect(parsed.data).toEqual({ name: 'Asha', bio: '', photoUrl: '' });
  });

  it("a photo address the server refuses gets the server's message", () => {
    const typed = { name: 'Asha', password: '', currentPassword: '', photoUrl: 'ftp://x/y.jpg' };
    expect(issues(ProfileFormSchema.safeParse(typed))).toEqual([
      ['photoUrl', 'photoUrl must be an uploaded image, an https address or empty'],
    ]);
  });

  it("a short new password gets the server's message", () => {
    expect(
      issues(
        ProfileFormSchema.safeParse({ name: 'Asha', password: 'short', currentPassword: 'x' }),
      ),
    ).toEqual([['password', 'Password must be at least 8 characters']]);
  });
});

describe('SettingsFormSchema', () => {
  it('reads the home sections from one comma-separated text', () => {
    const parsed = SettingsFormSchema.safeParse({
      ...toSettingsForm(DEFAULT_SETTINGS),
      homeSectionSlugs: ' parenting ,, editors-choice ',
    });
    expect(parsed.data?.homeSectionSlugs).toEqual(['parenting', 'editors-choice']);
  });

  it('a bad slug is reported on the list it was typed in', () => {
    const result = SettingsFormSchema.safeParse({
      ...toSettingsForm(DEFAULT_SETTINGS),
      homeSectionSlugs: 'parenting, Not A Slug',
    });
    expect(result.error?.issues.map((i) => i.path)).toEqual([['homeSectionSlugs', 1]]);
  });
});
