import type { PatientStatus } from '../../../shared/patients';
import { Badge } from '../../ui/badge';

export const STATUS_LABELS: Record<PatientStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  discharged: 'Discharged',
};

export function StatusBadge({ status }: { status: PatientStatus }) {
  return <Badge variant={status === 'active' ? 'secondary' : 'outline'}>{STATUS_LABELS[status]}</Badge>;
}
