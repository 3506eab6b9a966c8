/** What other features may use of check-ins; everything else in this folder is its own. */
export { CheckInsDueCard } from './due-card';
export { LatestScores, OutcomeScores } from './lazy-panels';
