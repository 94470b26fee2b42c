import { RequireRole } from '../../components/admin/require-role';
import { TextField } from '../../components/text-field';
import { AdminRouteError } from '../../components/admin/route-error';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { SiteSettingsSchema, type SiteSettings } from '../../../common/settings';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import type { Route } from './+types/settings';

export async function clientLoader() {
  return adminApi<SiteSettings>('/api/settings');
}

export function HydrateFallback() {
  return <p>{t.loading}</p>;
}

type Field = Exclude<keyof SiteSettings, 'social' | 'homeSectionSlugs'>;
const FIELDS: Field[] = [
  'siteName',
  'shortName',
  'headerImageUrl',
  'contactEmail',
  'contactPhone',
  'contactAddress',
  'mapLocation',
];
const SOCIAL = ['facebook', 'x', 'instagram', 'youtube'] as const;

/** The settings of DECISIONS.md §8, checked with the same schema as the server. */
function AdminSettingsScreen({ loaderData }: Route.ComponentProps) {
  const [form, setForm] = useState<SiteSettings>(loaderData);
  const [sections, setSections] = useState(loaderData.homeSectionSlugs.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      ...form,
      homeSectionSlugs: sections
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    const parsed = SiteSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await adminApi<SiteSettings>('/api/settings', {
        method: 'PUT',
        body: parsed.data,
      });
      setForm(saved);
      setSections(saved.homeSectionSlugs.join(', '));
      toast.success(t.settings.saved);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const input = (key: string, label: string, value: string, onChange: (v: string) => void) => (
    <TextField
      key={key}
      id={`s-${key}`}
      label={label}
      error={errors[key]}
      wrapperClassName="col-md-6"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <h1 className="h3 mb-4">{t.settings.title}</h1>
      <div className="row g-3">
        {FIELDS.map((key) =>
          input(key, t.settings.fields[key], form[key], (v) =>
            setForm((f) => ({ ...f, [key]: v })),
          ),
        )}
        {input('homeSectionSlugs', t.settings.fields.homeSectionSlugs, sections, setSections)}
        {SOCIAL.map((key) =>
          input(`social.${key}`, t.settings.fields[key], form.social[key], (v) =>
            setForm((f) => ({ ...f, social: { ...f.social, [key]: v } })),
          ),
        )}
      </div>
      <button type="submit" className="btn btn-primary mt-4" disabled={saving}>
        {t.settings.save}
      </button>
    </form>
  );
}

export const ErrorBoundary = AdminRouteError;

export default function AdminSettings(props: Parameters<typeof AdminSettingsScreen>[0]) {
  return (
    <RequireRole min="administrator">
      <AdminSettingsScreen {...props} />
    </RequireRole>
  );
}
