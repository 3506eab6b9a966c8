import type { QueryClient } from '@tanstack/react-query';
import type { MemberProfileChangedEvent } from '../../../shared/member-profile';
import { eventOfType } from '../../../shared/realtime';

/** Kept apart from the screens so the notification socket, which every page loads, reaches only this. */
const MEMBER_PROFILE_CHANGED: MemberProfileChangedEvent['type'] = 'member_profile_changed';

export const MEMBER_PROFILE_QUERY = ['/api/member/profile'] as const;

export const isMemberProfileChanged = eventOfType<MemberProfileChangedEvent>(MEMBER_PROFILE_CHANGED);

export const invalidateMemberProfile = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: MEMBER_PROFILE_QUERY });
