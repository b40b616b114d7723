import { ProfilePage } from '../../features/account/pages/profile-page';
import { useSignOut } from '../layout/use-sign-out';

/** /profile: the personal centre; after the account is deleted the local session ends. */
export function ProfileRoute() {
  const signOut = useSignOut();
  return <ProfilePage onSignedOut={() => void signOut({ revoke: false })} />;
}
