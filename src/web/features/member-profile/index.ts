/** What other features may use of member-profile; everything else in this folder is its own. */
export { invalidateMemberProfile, isMemberProfileChanged } from './live';
