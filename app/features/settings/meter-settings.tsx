import { METER_WALLS } from '../../../common/settings';
import { FormSelect, FormTextField } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';

/**
 * The metered wall (issue 39 item 2, docs/decisions/059): how many stories a month an
 * anonymous reader reads in full, and what the wall then asks for.
 */
export function MeterSettings() {
  const t = useAdminCopy().settings.meter;
  return (
    <fieldset className="col-12">
      <legend className="h5 mt-3">{t.title}</legend>
      <div className="row g-3">
        <FormTextField
          name="meter.freePerMonth"
          id="s-meter-freePerMonth"
          type="number"
          label={t.freePerMonth}
          hint={t.freeHint}
          wrapperClassName="col-md-6"
        />
        <FormSelect
          name="meter.wall"
          id="s-meter-wall"
          label={t.wall}
          wrapperClassName="col-md-6"
          required={false}
        >
          {METER_WALLS.map((wall) => (
            <option key={wall} value={wall}>
              {t.walls[wall]}
            </option>
          ))}
        </FormSelect>
      </div>
    </fieldset>
  );
}
