import { CapabilityCard } from './capability-card';
import { ClinicExport } from './clinic-export';

/**
 * Settings, Billing policy (admins): turns the clinic's data exchange on or off. Off, every screen is as the
 * specification describes it; on, the FHIR R4 read endpoint answers and patients can download their record.
 */
export function DataExchangeCard() {
  return (
    <CapabilityCard
      capability="dataExchange"
      name="Data exchange"
      description="Records in the FHIR R4 standard for other systems, and a copy of their record for each patient."
      hint={`Opens the read-only FHIR R4 endpoint to signed-in users under their usual access, and adds "Download my record" to patients' My Account.`}
      toasts={{ on: 'Data exchange is on', off: 'Data exchange is off' }}
    >
      <ClinicExport />
    </CapabilityCard>
  );
}
