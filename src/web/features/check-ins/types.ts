export type {
  CheckIn,
  CheckInList,
  CreateScheduleInput,
  OutcomeReport,
  OutcomeSummary,
  Schedule,
  ScheduleList,
  SendCheckInInput,
} from '../../../shared/check-ins';
export type { MeasureAnswer, OutcomeMeasureCode } from '../../../shared/outcome-measures';
