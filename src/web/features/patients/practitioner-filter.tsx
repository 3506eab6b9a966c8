import { fullName } from '../../lib/format';
import { SelectFilter } from '../../ui/filter-bar';
import { usePractitioners } from './api';

/** 'Practitioner' narrowing a list for staff and admin; the practitioners load only when it shows. */
export function PractitionerFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const practitioners = usePractitioners(true);
  return (
    <SelectFilter
      label="Practitioner"
      emptyLabel="All practitioners"
      value={value}
      onChange={onChange}
      options={(practitioners.data ?? []).map((practitioner) => ({
        value: practitioner.id,
        label: fullName(practitioner),
      }))}
    />
  );
}
