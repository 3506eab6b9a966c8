import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import type { ServiceType } from '../../../shared/scheduling';
import { createTestApp, type TestApp } from '../../test/app';
import { SERVICE_NAME_TAKEN } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const fresh = (overrides: Record<string, unknown> = {}) => ({
  name: `Service ${++counter} ${Math.random().toString(36).slice(2, 7)}`,
  durationMinutes: 45,
  priceCents: 6500,
  colour: '#2563EB',
  ...overrides,
});

async function create(role: Role | 'visitor', payload: Record<string, unknown>) {
  return t.injectAs(role, { method: 'POST', url: '/api/service-types', payload });
}

async function created(payload: Record<string, unknown> = fresh()) {
  const response = await create('staff', payload);
  expect(response.statusCode).toBe(201);
  return response.json<ServiceType>();
}

describe('service types', () => {
  it('staff and admin create one, answered whole with defaults filled in', async () => {
    for (const role of ['staff', 'admin'] as const) {
      const payload = fresh({ description: 'Hands-on work on tight muscles' });
      const response = await create(role, payload);
      expect(response.statusCode).toBe(201);
      const body = response.json<ServiceType>();
      expect(body).toMatchObject({
        name: payload.name,
        description: 'Hands-on work on tight muscles',
        durationMinutes: 45,
        priceCents: 6500,
        colour: '#2563eb',
        isPublic: false,
        active: true,
      });
    }
  });

  it.each(['patient', 'practitioner', 'member'] as const)('refuses %s a new service type', async (role) => {
    expect((await create(role, fresh())).statusCode).toBe(403);
  });

  it('refuses a visitor everything', async () => {
    const service = await created();
    expect((await t.injectAs('visitor', { method: 'GET', url: '/api/service-types' })).statusCode).toBe(401);
    expect((await create('visitor', fresh())).statusCode).toBe(401);
    const patch = {
      method: 'PATCH' as const,
      url: `/api/service-types/${service.id}`,
      payload: { priceCents: 1 },
    };
    expect((await t.injectAs('visitor', patch)).statusCode).toBe(401);
  });

  it('answers bad input with a message per field', async () => {
    const response = await create('staff', {
      name: ' ',
      durationMinutes: 2,
      priceCents: 10.5,
      colour: 'blue',
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(fields).toMatchObject({
      name: 'Name is required',
      durationMinutes: 'Duration must be at least 5 minutes',
      priceCents: 'Price must be a whole number of cents',
      colour: 'Colour must be a hex colour such as #2563eb',
    });
    const unknown = await create('staff', { ...fresh(), surprise: true });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a second service type of the same name in any case with 409', async () => {
    const service = await created();
    const response = await create('admin', fresh({ name: service.name.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: SERVICE_NAME_TAKEN,
      fields: { name: SERVICE_NAME_TAKEN },
    });
  });

  it('lists active ones by name to everyone signed in; retired ones only to staff and admin who ask', async () => {
    const kept = await created(fresh({ name: `Aaa kept ${counter}` }));
    const retired = await created();
    const archive = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/service-types/${retired.id}/archive`,
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.json<ServiceType>().active).toBe(false);

    for (const role of ['patient', 'practitioner', 'staff', 'admin', 'member'] as const) {
      const response = await t.injectAs(role, { method: 'GET', url: '/api/service-types' });
      expect(response.statusCode).toBe(200);
      const ids = response.json<ServiceType[]>().map((s) => s.id);
      expect(ids).toContain(kept.id);
      expect(ids).not.toContain(retired.id);
    }
    const names = (await t.injectAs('staff', { method: 'GET', url: '/api/service-types' }))
      .json<ServiceType[]>()
      .map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const all = await t.injectAs('staff', { method: 'GET', url: '/api/service-types?include=all' });
    expect(all.json<ServiceType[]>().map((s) => s.id)).toContain(retired.id);
    expect(
      (await t.injectAs('patient', { method: 'GET', url: '/api/service-types?include=all' })).statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs('staff', { method: 'GET', url: '/api/service-types?include=some' })).statusCode,
    ).toBe(400);
  });

  it('staff edit a service type and bring a retired one back; others may not', async () => {
    const service = await created();
    const url = `/api/service-types/${service.id}`;
    const edit = await t.injectAs('staff', {
      method: 'PATCH',
      url,
      payload: { priceCents: 7000, durationMinutes: 60, isPublic: true },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json<ServiceType>()).toMatchObject({ priceCents: 7000, durationMinutes: 60, isPublic: true });

    await t.injectAs('staff', { method: 'POST', url: `${url}/archive` });
    const back = await t.injectAs('admin', { method: 'PATCH', url, payload: { active: true } });
    expect(back.json<ServiceType>().active).toBe(true);

    for (const role of ['patient', 'practitioner', 'member'] as const) {
      expect((await t.injectAs(role, { method: 'PATCH', url, payload: { priceCents: 1 } })).statusCode).toBe(
        403,
      );
      expect((await t.injectAs(role, { method: 'POST', url: `${url}/archive` })).statusCode).toBe(403);
    }
  });

  it('answers an unknown id 404 and a malformed one or an empty change 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const patch = await t.injectAs('staff', {
      method: 'PATCH',
      url: `/api/service-types/${missing}`,
      payload: { priceCents: 1 },
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await t.injectAs('staff', { method: 'POST', url: `/api/service-types/${missing}/archive` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.injectAs('staff', {
          method: 'PATCH',
          url: '/api/service-types/nope',
          payload: { priceCents: 1 },
        })
      ).statusCode,
    ).toBe(400);
    const service = await created();
    const empty = await t.injectAs('staff', {
      method: 'PATCH',
      url: `/api/service-types/${service.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('records who created, changed and retired a service type', async () => {
    const service = await created();
    await t.injectAs('staff', {
      method: 'PATCH',
      url: `/api/service-types/${service.id}`,
      payload: { priceCents: 1 },
    });
    await t.injectAs('staff', { method: 'POST', url: `/api/service-types/${service.id}/archive` });
    const rows = await t.database.db.query.activityLog.findMany({
      where: (log, { eq }) => eq(log.entityId, service.id),
    });
    expect(rows.map((row) => row.action).sort()).toEqual([
      'service_type.archived',
      'service_type.created',
      'service_type.updated',
    ]);
  });
});
