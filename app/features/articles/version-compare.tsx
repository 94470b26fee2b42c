import { useMemo } from 'react';
import { diffWords, htmlToDiffText, sideBySide, type DiffPart } from '../../../common/text-diff';
import type { AdminCopy } from '../../copy/admin';
import { useAdminCopy } from '../../copy/admin-language';

/** The fields two versions of an article are compared on. */
export interface ComparableVersion {
  name: string;
  slug: string;
  metaTitle: string;
  metaKeywords: string;
  metaDescription: string;
  description: string;
}

/** The compared fields, in order, with their labels. */
const fieldsOf = (
  t: AdminCopy,
): { key: keyof ComparableVersion; label: string; html?: boolean }[] => [
  { key: 'name', label: t.form.fieldTitle },
  { key: 'slug', label: t.form.fieldSlug },
  { key: 'metaTitle', label: t.form.metaTitle },
  { key: 'metaKeywords', label: t.form.metaKeywords },
  { key: 'metaDescription', label: t.form.metaDescription },
  { key: 'description', label: t.form.fieldBody, html: true },
];

function Side({ parts, kind }: { parts: DiffPart[]; kind: 'removed' | 'added' }) {
  return (
    <div
      className="version-compare-text border rounded p-2 small"
      style={{ whiteSpace: 'pre-wrap' }}
    >
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : kind === 'removed' ? (
          <del key={i} className="bg-danger-subtle text-danger-emphasis">
            {part.text}
          </del>
        ) : (
          <ins key={i} className="bg-success-subtle text-success-emphasis">
            {part.text}
          </ins>
        ),
      )}
    </div>
  );
}

/**
 * Two versions of an article side by side, word by word (common/text-diff.ts: Devanagari by
 * whole words): the title, address, meta fields and text that differ; unchanged fields are
 * left out. `before` on the left with its removals struck, `after` on the right with its
 * additions marked.
 */
export function VersionCompare({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: ComparableVersion;
  after: ComparableVersion;
  beforeLabel: string;
  afterLabel: string;
}) {
  const t = useAdminCopy();
  const rows = useMemo(
    () =>
      fieldsOf(t).flatMap(({ key, label, html }) => {
        const a = html ? htmlToDiffText(before[key]) : before[key];
        const b = html ? htmlToDiffText(after[key]) : after[key];
        return a === b ? [] : [{ key, label, ...sideBySide(diffWords(a, b)) }];
      }),
    [before, after, t],
  );
  if (rows.length === 0) return <p className="mb-0">{t.form.noChanges}</p>;
  return (
    <div className="version-compare vstack gap-2">
      <div className="row g-2 fw-semibold small">
        <div className="col-6">{beforeLabel}</div>
        <div className="col-6">{afterLabel}</div>
      </div>
      {rows.map((row) => (
        <section key={row.key} aria-label={t.form.compared(row.label)}>
          <h3 className="h6 mb-1">{row.label}</h3>
          <div className="row g-2">
            <div className="col-6">
              <Side parts={row.before} kind="removed" />
            </div>
            <div className="col-6">
              <Side parts={row.after} kind="added" />
            </div>
          </div>
        </section>
      ))}
    </div>
  );
}
