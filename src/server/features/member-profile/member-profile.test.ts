import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PROFILE_ERRORS, type MemberProfile } from '../../../shared/member-profile';
import type { Role } from '../../../shared/roles';
import { activityLog } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (
  who: TestPerson,
  request: { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: Record<string, unknown> },
) => t.app.inject({ ...request, headers: bearer(who.token) });
const profileOf = async (who: TestPerson) =>
  (await as(who, { method: 'GET', url: '/api/member/profile' })).json<{ profile: MemberProfile }>().profile;
const step = (who: TestPerson, name: string, payload: Record<string, unknown>) =>
  as(who, { method: 'PUT', url: `/api/member/onboarding/${name}`, payload });

const fullProfile = {
  interests: ['community_events', 'fundraising'],
  supportWays: ['donating'],
  newsletter: true,
  eventAnnouncements: false,
  about: 'Ran the winter walk twice.',
  phone: '+1 503 555 0100',
  city: 'Portland',
  country: 'us',
};

describe('member onboarding', () => {
  it('starts empty at the first step, saves each step, resumes at the next, and finishes once', async () => {
    const member = await createPerson(t, 'member');
    expect(await profileOf(member)).toMatchObject({
      interests: [],
      stepsDone: [],
      nextStep: 'interests',
      completedAt: null,
      updatedAt: null,
    });
    const early = await as(member, { method: 'POST', url: '/api/member/onboarding/finish', payload: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MEMBER_PROFILE_ERRORS.stepsLeft);

    const first = await step(member, 'interests', {
      interests: ['volunteering', 'merchandise', 'volunteering'],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().profile).toMatchObject({
      interests: ['volunteering', 'merchandise'],
      stepsDone: ['interests'],
      nextStep: 'support',
    });
    // A second visit resumes where the first stopped.
    expect((await profileOf(member)).nextStep).toBe('support');
    expect((await step(member, 'support', { supportWays: ['attending_events'] })).statusCode).toBe(200);
    const contact = await step(member, 'contact', {
      newsletter: true,
      eventAnnouncements: true,
      country: 'gb',
    });
    expect(contact.json().profile).toMatchObject({
      newsletter: true,
      eventAnnouncements: true,
      country: 'GB',
      nextStep: null,
      stepsDone: ['interests', 'support', 'contact'],
    });

    const [finished, again] = await Promise.all([
      as(member, { method: 'POST', url: '/api/member/onboarding/finish', payload: {} }),
      as(member, { method: 'POST', url: '/api/member/onboarding/finish', payload: {} }),
    ]);
    expect([finished.statusCode, again.statusCode]).toEqual([200, 200]);
    const completedAt = (await profileOf(member)).completedAt;
    expect(completedAt).not.toBeNull();
    const logged = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, member.id));
    expect(logged.filter((entry) => entry.action === 'member_onboarding.completed')).toHaveLength(1);
    expect(logged.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'member_onboarding.interests_saved',
        'member_onboarding.support_saved',
        'member_onboarding.contact_saved',
      ]),
    );

    const dashboard = await as(member, { method: 'GET', url: '/api/dashboard' });
    expect(dashboard.json().onboarding).toEqual({ completed: true, nextStep: null });
  });

  it('refuses a step with nothing chosen, an unknown choice or unknown fields with 400 on the field', async () => {
    const member = await createPerson(t, 'member');
    const none = await step(member, 'interests', { interests: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.interests).toBe(MEMBER_PROFILE_ERRORS.interests);
    const unknown = await step(member, 'support', { supportWays: ['juggling'] });
    expect(unknown.statusCode).toBe(400);
    expect((await step(member, 'contact', { newsletter: 'yes', eventAnnouncements: false })).statusCode).toBe(
      400,
    );
    expect(
      (
        await step(member, 'contact', { newsletter: true, eventAnnouncements: false, phone: 'call me' })
      ).json().fields.phone,
    ).toBe(MEMBER_PROFILE_ERRORS.phone);
    expect((await step(member, 'interests', { interests: ['fundraising'], extra: 1 })).statusCode).toBe(400);
    expect(
      (await as(member, { method: 'PUT', url: '/api/member/onboarding/nope', payload: {} })).statusCode,
    ).toBe(404);
    expect((await profileOf(member)).stepsDone).toEqual([]);
  });
});

describe('the member profile', () => {
  it('saves the whole profile, which counts every onboarding step as saved, and keeps it to its member', async () => {
    const member = await createPerson(t, 'member');
    const other = await createPerson(t, 'member');
    const saved = await as(member, { method: 'PUT', url: '/api/member/profile', payload: fullProfile });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({
      ...fullProfile,
      country: 'US',
      nextStep: null,
      completedAt: null,
    });
    expect((await profileOf(member)).about).toBe('Ran the winter walk twice.');
    expect((await profileOf(other)).interests).toEqual([]);
    // The log says which fields changed, never what they say.
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'member_profile.updated'))
      .orderBy(activityLog.id);
    expect(JSON.stringify(entry.details)).not.toContain('winter walk');
  });

  it('answers 401 to visitors and 403 to every role but member', async () => {
    expect((await t.injectAs('visitor', { method: 'GET', url: '/api/member/profile' })).statusCode).toBe(401);
    for (const role of ['patient', 'practitioner', 'staff', 'admin'] as Role[]) {
      for (const request of [
        { method: 'GET' as const, url: '/api/member/profile' },
        { method: 'PUT' as const, url: '/api/member/profile', payload: fullProfile },
        {
          method: 'PUT' as const,
          url: '/api/member/onboarding/interests',
          payload: { interests: ['fundraising'] },
        },
        { method: 'POST' as const, url: '/api/member/onboarding/finish', payload: {} },
      ])
        expect((await t.injectAs(role, request)).statusCode, `${role} ${request.method} ${request.url}`).toBe(
          403,
        );
    }
  });
});
