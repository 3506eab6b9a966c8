import type { ServiceType } from '../../../shared/scheduling';
import { fullName } from '../../lib/format';
import { ChoiceField } from '../../ui/select';

type PersonName = { id: string; firstName: string; lastName: string };

type ChoiceProps = { value: string; onChange: (id: string) => void; error?: string };

const lastsHint = (services: ServiceType[], chosenId: string) => {
  const chosen = services.find((service) => service.id === chosenId);
  return chosen ? `Lasts ${chosen.durationMinutes} minutes` : undefined;
};

export function PractitionerField({
  practitioners,
  ...field
}: ChoiceProps & { practitioners: readonly PersonName[] }) {
  return (
    <ChoiceField
      label="Practitioner"
      placeholder="Choose a practitioner"
      options={practitioners.map((practitioner) => ({
        value: practitioner.id,
        label: fullName(practitioner),
      }))}
      {...field}
    />
  );
}

/** The offered services, saying how long the chosen one lasts. */
export function ServiceField({
  services,
  value,
  onChange,
  error,
}: ChoiceProps & { services: ServiceType[] }) {
  return (
    <ChoiceField
      label="Service"
      placeholder="Choose a service"
      hint={lastsHint(services, value)}
      options={services.map((service) => ({ value: service.id, label: service.name }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
