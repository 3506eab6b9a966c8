export type {
  CheckIn,
  CheckInList,
  CreateScheduleInput,
  OutcomeSummary,
  Schedule,
  ScheduleList,
  SendCheckInInput,
} from '../../../shared/check-ins';
export type { MeasureAnswer } from '../../../shared/outcome-measures';
