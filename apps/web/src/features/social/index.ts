/** What the app composes from the social feature: the two top-bar badges, the owner-only wrapper and the station page's sharing card. */
export { FriendBadge } from './components/friend-badge';
export { OwnerOnly, useOwnsSite } from './components/owner-only';
export { ShareBadge } from './components/share-badge';
export { SiteSharesCard } from './components/site-shares-card';
