/** What other features may use of check-ins; everything else in this folder is its own (and loads on demand). */
export {
  CheckInsDueCard,
  LatestScores,
  OutcomeReportSection,
  OutcomeScores,
  PatientSchedules,
  ServiceSchedules,
} from './lazy-panels';
