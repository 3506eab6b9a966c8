import {
  MEMBER_ONBOARDING_STEPS,
  MEMBER_PROFILE_ERRORS,
  type MemberOnboardingStep,
  type MemberProfile,
  type UpdateMemberProfileInput,
} from '../../../shared/member-profile';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'events'>;
type Row = repository.ProfileRow;
type Changes = Partial<Omit<Row, 'userId' | 'createdAt' | 'updatedAt' | 'completedAt' | 'stepsDone'>>;

const inOrder = (steps: readonly MemberOnboardingStep[]) =>
  MEMBER_ONBOARDING_STEPS.filter((step) => steps.includes(step));

function toProfile(row: Row | undefined): MemberProfile {
  const stepsDone = inOrder(row?.stepsDone ?? []);
  return {
    interests: row?.interests ?? [],
    supportWays: row?.supportWays ?? [],
    newsletter: row?.newsletter ?? false,
    eventAnnouncements: row?.eventAnnouncements ?? false,
    about: row?.about ?? '',
    phone: row?.phone ?? '',
    city: row?.city ?? '',
    country: row?.country ?? '',
    stepsDone,
    nextStep: MEMBER_ONBOARDING_STEPS.find((step) => !stepsDone.includes(step)) ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

const rowOf = repository.findProfile;

/** The member's profile; one never saved answers empty, with onboarding at its first step. */
export async function getProfile(db: Db, userId: string) {
  return { profile: toProfile(await rowOf(db, userId)) };
}

/** Whether the member finished onboarding, and the step to resume at: for their dashboard. */
export async function onboardingOf(db: Db, userId: string) {
  const profile = toProfile(await rowOf(db, userId));
  return { completed: profile.completedAt !== null, nextStep: profile.nextStep };
}

/** Saves the changes (making the row on the first save) with the steps they complete, and logs it. */
async function save(
  ctx: Ctx,
  {
    userId,
    changes,
    steps,
    action,
    meta,
  }: {
    userId: string;
    changes: Changes;
    steps: readonly MemberOnboardingStep[];
    action: string;
    meta: RequestMeta;
  },
) {
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await rowOf(tx, userId);
    const stepsDone = inOrder([...new Set([...(before?.stepsDone ?? []), ...steps])]);
    const saved = await repository.saveProfile(tx, userId, { ...changes, stepsDone, updatedAt: now });
    await recordActivity(tx, {
      actorId: userId,
      action,
      entityType: 'member_profile',
      entityId: userId,
      ipAddress: meta.ipAddress,
      // Which fields changed, never what they now say.
      details: { fields: Object.keys(changes).join(', '), steps: steps.join(', ') },
    });
    return saved;
  });
  ctx.events.publish('member-profile.changed', { userId });
  return { profile: toProfile(row) };
}

/** The whole profile from /member/profile; it counts as every onboarding step saved. */
export const updateProfile = (
  ctx: Ctx,
  {
    userId,
    input,
    meta,
  }: {
    userId: string;
    input: Required<Omit<UpdateMemberProfileInput, 'about' | 'phone' | 'city' | 'country'>> &
      Pick<Row, 'about' | 'phone' | 'city' | 'country'>;
    meta: RequestMeta;
  },
) =>
  save(ctx, {
    userId,
    changes: input,
    steps: MEMBER_ONBOARDING_STEPS,
    action: 'member_profile.updated',
    meta,
  });

/** One onboarding step saved; onboarding resumes at the next one missing. */
export const saveStep = (
  ctx: Ctx,
  {
    userId,
    step,
    input,
    meta,
  }: { userId: string; step: MemberOnboardingStep; input: Changes; meta: RequestMeta },
) => save(ctx, { userId, changes: input, steps: [step], action: `member_onboarding.${step}_saved`, meta });

/** Finishing onboarding, once every step is saved; asking again answers the profile as it is. */
export async function finishOnboarding(ctx: Ctx, userId: string, meta: RequestMeta) {
  const now = new Date();
  const finished = await ctx.db.transaction(async (tx) => {
    const before = await rowOf(tx, userId);
    const profile = toProfile(before);
    if (profile.nextStep !== null) throw new AppError('CONFLICT', MEMBER_PROFILE_ERRORS.stepsLeft);
    // Only the finish that sets it counts: two at once both read it unset, and the second one's update, which
    // waits for the first to commit, then matches no row.
    const row = await repository.markCompleted(tx, userId, now);
    if (!row) return null;
    await recordActivity(tx, {
      actorId: userId,
      action: 'member_onboarding.completed',
      entityType: 'member_profile',
      entityId: userId,
      ipAddress: meta.ipAddress,
    });
    return row;
  });
  if (!finished) return getProfile(ctx.db, userId);
  ctx.events.publish('member-profile.changed', { userId });
  return { profile: toProfile(finished) };
}
