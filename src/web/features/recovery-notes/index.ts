/** What other features may use of recovery-notes; everything else in this folder is its own. */
export { useNoteList } from './api';
export { NewNoteDialog } from './new-note-dialog';
export { NoteStatusBadge } from './note-status';
export { RecoveryProgressChart } from './progress-chart';
