/**
 * What other features may use of two-step sign-in. The sign-in page loads this entry only when a password
 * step answers with a challenge (import('../two-step')), so none of it weighs on the first download.
 */
export { default as SecondStepScreen } from './sign-in-second-step';
export { TwoStepCard } from './two-step-card';
