import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { FediverseFollowers } from '../../../common/schemas/fediverse';
import { FormCheckbox, FormTextField } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/**
 * The fediverse's settings (issue 41 item 4): on or off, the site's handle, whole stories or
 * summaries; and how many accounts follow the site and each author.
 */
export function FediverseSettings() {
  const t = useAdminCopy();
  const copy = t.settings.fediverse;
  const handle = useWatch({ name: 'fediverse.handle' }) as string | undefined;
  const [followers, setFollowers] = useState<FediverseFollowers>();
  useEffect(() => {
    adminApi<FediverseFollowers>('/api/fediverse/followers').then(setFollowers, () => {});
  }, []);
  const host = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <fieldset className="col-12">
      <legend className="h5 mt-3">{copy.title}</legend>
      <FormCheckbox name="fediverse.enabled" id="s-fediverse-enabled" label={copy.enabled} />
      <FormTextField
        name="fediverse.handle"
        id="s-fediverse-handle"
        label={copy.handle}
        hint={copy.handleHint({ handle: handle || '…', host })}
        wrapperClassName="col-md-6 mt-2"
      />
      <FormCheckbox name="fediverse.fullText" id="s-fediverse-fullText" label={copy.fullText} />
      {followers && (
        <ul className="list-unstyled mt-2 mb-0">
          <li>{copy.followers({ count: followers.site })}</li>
          {followers.authors.map((a) => (
            <li key={a._id}>{copy.authorFollowers({ name: a.name, count: a.followers })}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
