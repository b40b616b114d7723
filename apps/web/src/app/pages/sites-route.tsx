import { SiteListPage } from '../../features/sites';
import { useCurrentSystemType } from '../layout/use-current-system-type';

/** /sites: the site list, of the top bar's system type unless the URL names another. */
export function SitesRoute() {
  return <SiteListPage fallbackType={useCurrentSystemType()} />;
}
