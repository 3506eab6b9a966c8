/** The journeys validate what they download with the same validator as the server's tests. */
export { fhirErrors } from '../../src/server/features/fhir/testing';

export type Resource = { resourceType: string; id: string } & Record<string, unknown>;
