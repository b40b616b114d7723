import { ActiveAlarmsCard } from '../../features/alarms/components/active-alarms-card';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
import { AddSiteButton, SiteGroupsCard } from '../../features/fleet';
import { getSystemType } from '../../shared/session/preferences';

/**
 * /dashboard: the dashboard with the alarms card, the groups tree beside the site list, and "add a site"
 * when there is none yet (UX.md; every account may create its sites, issue 7 §1).
 */
export function DashboardRoute() {
  const systemType = getSystemType();
  return (
    <DashboardPage
      alarmsCard={<ActiveAlarmsCard />}
      sidePanel={<SiteGroupsCard systemType={systemType} />}
      emptyAction={<AddSiteButton systemType={systemType} />}
    />
  );
}
