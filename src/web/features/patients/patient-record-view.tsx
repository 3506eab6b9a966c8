import { type ReactNode, useId } from 'react';
import type { PatientRecord } from '../../../shared/patients';
import { STATUS_LABELS } from './controls';

export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-border border-t pt-3">
      <h3 id={id} className="font-semibold text-sm">
        {title}
      </h3>
      {children}
    </section>
  );
}

type Entry = [label: string, value: string | null | undefined];

function Details({ entries }: { entries: Entry[] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
      {entries.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value || 'Not recorded'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Clinical text as the patient or clinician wrote it: plain text with its line breaks, never markup. */
function ClinicalText({ title, text }: { title: string; text: string | null }) {
  return (
    <RecordSection title={title}>
      {text ? (
        <p className="whitespace-pre-wrap break-words text-sm">{text}</p>
      ) : (
        <p className="text-muted-foreground text-sm">Not recorded</p>
      )}
    </RecordSection>
  );
}

const joined = (...parts: Array<string | null>) => parts.filter(Boolean).join(', ') || null;

/** The record, read-only, section by section. */
export function PatientRecordView({ record }: { record: PatientRecord }) {
  return (
    <>
      <RecordSection title="Demographics">
        <Details
          entries={[
            ['Date of birth', record.dateOfBirth],
            ['Sex', record.sex],
            ['Gender', record.gender],
            ['Status', STATUS_LABELS[record.status]],
            ['Account', record.isAccountActive ? 'Can sign in' : 'Deactivated'],
          ]}
        />
      </RecordSection>
      <RecordSection title="Contact">
        <Details
          entries={[
            ['Email', record.email],
            ['Phone', record.phone],
            ['Address', joined(record.addressLine1, record.addressLine2)],
            ['City', joined(record.city, record.region, record.postalCode)],
            ['Country', record.country],
          ]}
        />
      </RecordSection>
      <RecordSection title="Emergency contact">
        <Details
          entries={[
            ['Name', record.emergencyContactName],
            ['Relationship', record.emergencyContactRelationship],
            ['Phone', record.emergencyContactPhone],
          ]}
        />
      </RecordSection>
      <RecordSection title="Insurance">
        <Details
          entries={[
            ['Provider', record.insuranceProvider],
            ['Policy number', record.insurancePolicyNumber],
            ['Group number', record.insuranceGroupNumber],
          ]}
        />
      </RecordSection>
      <ClinicalText title="Medical history" text={record.medicalHistory} />
      <ClinicalText title="Allergies" text={record.allergies} />
      <ClinicalText title="Medications" text={record.medications} />
    </>
  );
}
