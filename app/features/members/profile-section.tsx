import type { ReactNode } from 'react';
import { useInterface } from '../../copy/language';

/**
 * One section of a reader's own on /profile, read after load: its heading, a short text when
 * its read or change failed, then what it shows.
 */
export function ProfileSection({
  id,
  heading,
  failed,
  children,
}: {
  id: string;
  heading: string;
  /** The text shown when the section's read or change failed; undefined while none did. */
  failed: string | undefined;
  children: ReactNode;
}) {
  const { lang } = useInterface();
  return (
    <section className="mb-4" lang={lang} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5">
        {heading}
      </h2>
      {failed && <p role="alert">{failed}</p>}
      {children}
    </section>
  );
}
