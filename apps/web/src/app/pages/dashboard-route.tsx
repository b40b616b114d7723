import { ActiveAlarmsCard } from '../../features/alarms/components/active-alarms-card';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
import { AddSiteButton, SiteGroupsCard } from '../../features/fleet';
import { useCurrentSystemType } from '../layout/use-current-system-type';

/**
 * /dashboard: the dashboard with the alarms card, the groups tree beside the site list, and "add a site"
 * when there is none yet (UX.md; every account may create its sites, issue 7 §1). The tree follows the top
 * bar's system type like the site table.
 */
export function DashboardRoute() {
  const systemType = useCurrentSystemType();
  return (
    <DashboardPage
      alarmsCard={<ActiveAlarmsCard />}
      sidePanel={<SiteGroupsCard systemType={systemType} />}
      emptyAction={<AddSiteButton systemType={systemType} />}
    />
  );
}
