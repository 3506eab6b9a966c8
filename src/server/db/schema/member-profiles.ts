import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MemberInterest, MemberOnboardingStep, SupportWay } from '../../../shared/member-profile';
import { users } from './accounts';

/**
 * A member's profile, made on their first save. The onboarding steps they saved are kept, so that onboarding
 * resumes at the first one missing; completed_at is set once, when they finish.
 */
export const memberProfiles = pgTable('member_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  interests: text('interests').array().$type<MemberInterest[]>().notNull().default([]),
  supportWays: text('support_ways').array().$type<SupportWay[]>().notNull().default([]),
  newsletter: boolean('newsletter').notNull().default(false),
  eventAnnouncements: boolean('event_announcements').notNull().default(false),
  about: text('about').notNull().default(''),
  phone: text('phone').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  stepsDone: text('steps_done').array().$type<MemberOnboardingStep[]>().notNull().default([]),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
