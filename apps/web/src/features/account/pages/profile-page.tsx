import { Card, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../shared/session/user-info';
import { AvatarUpload } from '../components/avatar-upload';
import { DeleteAccountCard } from '../components/delete-account-card';
import { EmailCard } from '../components/email-card';
import { PasswordCard } from '../components/password-card';
import { PlanCard, userTypeKey } from '../components/plan-card';
import { ProfileInfoForm } from '../components/profile-info-form';
import '../components/account.css';

/**
 * /profile, the personal centre (spec §2, issue 3 §7): avatar, name, nickname, phone, time zone,
 * e-mail verification, password, account type and plans, account deletion. `onSignedOut` ends the
 * local session after the account is deleted.
 */
export function ProfilePage({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  if (user.isPending) return <Skeleton active className="profile-page" />;
  if (!user.data) return <Result status="warning" title={t('common.errors.tryLater')} />;
  const u = user.data;
  return (
    <div className="profile-page">
      <Card className="profile-card profile-head">
        <AvatarUpload src={u.avatar} name={u.userName} />
        <div className="profile-head-text">
          <Typography.Title level={3} className="profile-name" data-testid="profile-display-name">
            {u.nickname || u.userName}
          </Typography.Title>
          <Space wrap size={[8, 4]}>
            <Typography.Text type="secondary">@{u.loginName}</Typography.Text>
            <Tag>{t(userTypeKey(u.usertype))}</Tag>
            {u.roles.includes('admin') && <Tag color="purple">{t('account.profile.admin')}</Tag>}
          </Space>
        </div>
      </Card>
      <div className="profile-columns">
        <div className="profile-column">
          <ProfileInfoForm user={u} />
          <EmailCard user={u} />
        </div>
        <div className="profile-column">
          <PasswordCard user={u} />
          <PlanCard usertype={u.usertype} />
          <DeleteAccountCard onDeleted={onSignedOut} />
        </div>
      </div>
    </div>
  );
}
