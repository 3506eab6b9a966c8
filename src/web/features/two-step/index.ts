import { lazy } from 'react';

/** What other features may use of two-step sign-in. */
export { TwoStepCard } from './two-step-card';

/** The sign-in page's second screen, loaded only when a password step answers with a challenge. */
export const SecondStepScreen = lazy(() => import('./sign-in-second-step'));
