import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { signedNote } from '../recovery-notes/testing';
import type { FhirResource } from './mapping';
import { fhirErrors } from './testing';

/**
 * FHIR searches come in pages: `_count` (50 when left out, at most 100) and Bundle.link `next` with a cursor.
 * Walking the next links gives every match once, even when a match is added halfway through the walk.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const on = await t.injectAs('admin', {
    method: 'PUT',
    url: '/api/clinic/features',
    payload: { dataExchange: true },
  });
  expect(on.statusCode).toBe(200);
});
afterAll(() => t.close());

type Bundle = FhirResource & {
  total: number;
  link: { relation: string; url: string }[];
  entry?: { resource: FhirResource }[];
};

async function page(url: string, who: 'staff' | 'practitioner' | 'patient' = 'staff') {
  const response = await t.injectAs(who, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  const bundle = JSON.parse(response.body) as Bundle;
  expect(fhirErrors(bundle)).toEqual([]);
  return bundle;
}

const linkOf = (bundle: Bundle, relation: string) =>
  bundle.link.find((link) => link.relation === relation)?.url;
const pathOf = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(new URL(t.ctx.config.appUrl).origin);
  return `${parsed.pathname}${parsed.search}`;
};

/** Follows the next links from the first page to the last, answering the pages. */
async function walk(first: string, between?: (pagesSoFar: number) => Promise<void>) {
  const pages: Bundle[] = [];
  let url: string | undefined = first;
  while (url) {
    const bundle = await page(url);
    pages.push(bundle);
    await between?.(pages.length);
    const next = linkOf(bundle, 'next');
    url = next ? pathOf(next) : undefined;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

const idsOf = (pages: Bundle[]) =>
  pages.flatMap((bundle) => (bundle.entry ?? []).map((entry) => entry.resource.id));

describe('paging through a patient search', () => {
  const made: string[] = [];
  beforeAll(async () => {
    for (let n = 0; n < 7; n += 1)
      made.push((await createPerson(t, 'patient', { firstName: `Walker${n}`, lastName: 'Pagewalk' })).id);
  });

  it('gives every match once across the pages, each page at most _count long', async () => {
    const pages = await walk('/fhir/R4/Patient?name=Pagewalk&_count=3');
    expect(pages.map((bundle) => bundle.entry?.length ?? 0)).toEqual([3, 3, 1]);
    expect(pages.every((bundle) => bundle.total === 7)).toBe(true);
    const ids = idsOf(pages);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...made].sort());
    expect(linkOf(pages[0], 'self')).toBe(`${t.ctx.config.appUrl}/fhir/R4/Patient?name=Pagewalk&_count=3`);
    expect(linkOf(pages[1], 'self')).toBe(linkOf(pages[0], 'next'));
    expect(linkOf(pages[2], 'next')).toBeUndefined();
  });

  it('misses and repeats nothing when a match is added halfway through the walk', async () => {
    let added = '';
    const pages = await walk('/fhir/R4/Patient?name=Pagewalk&_count=2', async (count) => {
      if (count === 2)
        added = (await createPerson(t, 'patient', { firstName: 'Latecomer', lastName: 'Pagewalk' })).id;
    });
    const ids = idsOf(pages);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(made));
    expect(ids.filter((id) => id !== added)).toHaveLength(made.length);
  });

  it('answers 50 a page when _count is left out, and up to 100 when asked', async () => {
    const first = await page('/fhir/R4/Patient');
    expect(linkOf(first, 'self')).toBe(`${t.ctx.config.appUrl}/fhir/R4/Patient?_count=50`);
    expect(first.entry?.length).toBe(Math.min(first.total, 50));
    const most = await page('/fhir/R4/Patient?_count=100');
    expect(most.entry?.length).toBe(Math.min(most.total, 100));
  });

  it('keeps a practitioner and a patient to their reach on every page', async () => {
    const own = await page('/fhir/R4/Patient?_count=1', 'patient');
    expect(own.total).toBe(1);
    expect(linkOf(own, 'next')).toBeUndefined();
    const theirs = await page('/fhir/R4/Patient?name=Pagewalk&_count=1', 'practitioner');
    expect(theirs).toMatchObject({ total: 0 });
    expect(theirs.entry).toBeUndefined();
  });
});

describe('paging through a search by patient', () => {
  it('walks a patient’s observations in pages with nothing missed or repeated', async () => {
    const practitioner = await demoPerson(t, 'practitioner');
    const patient = await demoPerson(t, 'patient');
    for (const pain of [6, 4, 2])
      await signedNote(t, practitioner, {
        patientId: patient.id,
        fields: { painScore: pain, goals: [{ goal: 'Walk to the shop', progress: 10 * pain }] },
      });
    const all = await page(`/fhir/R4/Observation?patient=${patient.id}&_count=100`);
    expect(all.total).toBeGreaterThanOrEqual(6);
    const pages = await walk(`/fhir/R4/Observation?patient=${patient.id}&_count=4`);
    expect(pages.length).toBe(Math.ceil(all.total / 4));
    expect(idsOf(pages)).toEqual(idsOf([all]));
    expect(pages.every((bundle) => bundle.total === all.total)).toBe(true);
  });
});

describe('bad paging parameters', () => {
  it.each([
    '/fhir/R4/Patient?_count=0',
    '/fhir/R4/Patient?_count=101',
    '/fhir/R4/Patient?_count=-1',
    '/fhir/R4/Patient?_count=2.5',
    '/fhir/R4/Patient?_count=ten',
    '/fhir/R4/Patient?_count=1&_count=2',
    '/fhir/R4/Patient?_cursor=not%20a%20cursor',
    '/fhir/R4/Patient?_cursor=pain-1',
  ])('%s answers 400 with an OperationOutcome', async (url) => {
    const response = await t.injectAs('staff', { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    const outcome = JSON.parse(response.body) as FhirResource;
    expect(outcome).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid' }] });
    expect(fhirErrors(outcome)).toEqual([]);
  });

  it('answers 400 to a cursor that is not in the results any more', async () => {
    const patient = await demoPerson(t, 'patient');
    const response = await t.injectAs('staff', {
      method: 'GET',
      url: `/fhir/R4/Appointment?patient=${patient.id}&_cursor=00000000-0000-4000-8000-000000000000`,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).issue[0].diagnostics).toBe(
      'This page link no longer matches the results; search again from the first page',
    );
  });
});
