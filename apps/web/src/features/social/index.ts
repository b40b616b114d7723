/** What the app composes from the social feature: the two top-bar badges and the owner-only wrapper. */
export { FriendBadge } from './components/friend-badge';
export { OwnerOnly, useOwnsSite } from './components/owner-only';
export { ShareBadge } from './components/share-badge';
