import { FormCheckbox, FormTextField } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';

/**
 * First-party analytics (issue 38 items 5 and 6): how long raw events are kept, and the
 * readers' "Most read" (how many hours back, and whether the home shows it).
 */
export function AnalyticsSettings() {
  const t = useAdminCopy().settings.analytics;
  return (
    <fieldset className="col-12">
      <legend className="h5 mt-3">{t.title}</legend>
      <div className="row g-3">
        <FormTextField
          name="analytics.retentionDays"
          id="s-analytics-retentionDays"
          type="number"
          label={t.retentionDays}
          wrapperClassName="col-md-6"
        />
        <FormTextField
          name="analytics.mostReadHours"
          id="s-analytics-mostReadHours"
          type="number"
          label={t.mostReadHours}
          wrapperClassName="col-md-6"
        />
      </div>
      <FormCheckbox
        name="analytics.mostReadOnHome"
        id="s-analytics-mostReadOnHome"
        label={t.mostReadOnHome}
      />
    </fieldset>
  );
}
