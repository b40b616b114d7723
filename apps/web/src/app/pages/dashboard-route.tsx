import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActiveAlarmsCard } from '../../features/alarms/components/active-alarms-card';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
import { useUserInfo } from '../../shared/session/user-info';

/** /dashboard: the dashboard with the alarms card, and "add a site" for those who may add one (UX.md). */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const canAdd = user.data?.roles.some((r) => r === 'admin' || r === 'installer') ?? false;
  return (
    <DashboardPage
      alarmsCard={<ActiveAlarmsCard />}
      emptyAction={
        canAdd ? (
          <Link to="/manage">
            <Button type="primary">{t('dashboard.empty.addSite')}</Button>
          </Link>
        ) : undefined
      }
    />
  );
}
