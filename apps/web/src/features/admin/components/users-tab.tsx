import { CheckCircleFilled, EditOutlined } from '@ant-design/icons';
import type { AdminUserSchema } from '@ems/contract/api/admin';
import { OFFERED_USER_TYPES, USER_TYPES } from '@ems/contract/api/admin';
import { DEFAULT_MAX_DEVICES, DEFAULT_MAX_STATIONS } from '@ems/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, Switch, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { catalogueText } from '../../../shared/form/zod-rule';
import { formatDateTime } from '../../../shared/format/time';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { useUserInfo } from '../../../shared/session/user-info';
import { confirmDialog, toastSuccess } from '../../../shared/ui/feedback';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { editUser } from '../api/edit-user';
import { useUsers } from '../api/get-users';
import { usePaging } from '../lib/use-paging';
import { AdminSearch } from './admin-search';
import { UserLimitsModal } from './user-limits-modal';

type AdminUser = z.infer<typeof AdminUserSchema>;
type UserType = (typeof USER_TYPES)[number];

/**
 * Users of the console: search by name or e-mail, user type (standard, premium, protocol, fourth),
 * disable/enable behind a confirm dialog (disabling signs the user out everywhere), site and device
 * limits (spec §9) in a dialog.
 */
export function UsersTab() {
  const { t } = useTranslation();
  // Phones: fewer columns (responsive) fitted to the screen instead of a sideways scroll.
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const me = useUserInfo();
  const paging = usePaging();
  const users = useUsers(paging.params);
  const locale = currentLanguageCode();
  const [limitsOf, setLimitsOf] = useState<AdminUser | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });

  const save = async (body: Parameters<typeof editUser>[0]) => {
    try {
      await editUser(body);
      toastSuccess(catalogueText('common.ok'));
    } catch (error) {
      toastUnlessShown(error, t('admin.errors.generic'));
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    }
  };

  const askDisable = (user: AdminUser, disabled: boolean) =>
    confirmDialog({
      title: disabled ? t('admin.users.disableTitle') : t('admin.users.enableTitle'),
      content: disabled
        ? t('admin.users.disableText', { name: user.loginName })
        : t('admin.users.enableText', { name: user.loginName }),
      okText: disabled ? t('admin.users.disable') : t('admin.users.enable'),
      okButtonProps: { danger: disabled },
      cancelText: t('common.actions.cancel'),
      onOk: () => save({ userId: user.id, disabled }),
    });

  const columns: TableColumnsType<AdminUser> = [
    {
      title: t('admin.users.loginName'),
      dataIndex: 'loginName',
      render: (v: string, u) => (
        <span>
          <strong>{v}</strong>
          {u.userName !== v && <span className="cell-sub">{u.userName}</span>}
        </span>
      ),
    },
    {
      title: t('admin.users.email'),
      dataIndex: 'email',
      responsive: ['md'],
      render: (v: string | null, u) =>
        v ? (
          <span>
            {v}{' '}
            {u.emailVerified && (
              <Tooltip title={t('admin.users.emailVerified')}>
                <CheckCircleFilled className="text-online" aria-label={t('admin.users.emailVerified')} />
              </Tooltip>
            )}
          </span>
        ) : (
          '–'
        ),
    },
    {
      title: t('admin.users.userType'),
      dataIndex: 'usertype',
      width: 170,
      render: (v: number, u) => (
        <Select<UserType>
          value={v as UserType}
          aria-label={t('admin.users.userTypeOf', { name: u.loginName })}
          className="user-type-select"
          options={USER_TYPES.filter(
            (type) => type === v || (OFFERED_USER_TYPES as readonly number[]).includes(type),
          ).map((type) => ({ value: type, label: t(`common.userType.${type}`) }))}
          onChange={(usertype) => save({ userId: u.id, usertype })}
        />
      ),
    },
    {
      title: t('admin.users.roles'),
      dataIndex: 'roles',
      responsive: ['lg'],
      render: (roles: string[]) => roles.map((r) => <Tag key={r}>{r}</Tag>),
    },
    {
      title: t('admin.users.sites'),
      dataIndex: 'stationCount',
      align: 'right',
      width: 80,
      responsive: ['lg'],
    },
    {
      title: t('admin.users.limits'),
      key: 'limits',
      width: 170,
      responsive: ['md'],
      render: (_v, u) => (
        <span className="num">
          {t('admin.users.limitsValue', {
            sites: u.stationCount,
            maxSites: u.maxStations ?? DEFAULT_MAX_STATIONS,
            devices: u.deviceCount,
            maxDevices: u.maxDevices ?? DEFAULT_MAX_DEVICES,
          })}{' '}
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('admin.users.limitsOf', { name: u.loginName })}
            title={t('admin.users.limitsOf', { name: u.loginName })}
            onClick={() => setLimitsOf(u)}
          />
        </span>
      ),
    },
    {
      title: t('admin.users.created'),
      dataIndex: 'createdAt',
      responsive: ['lg'],
      render: (v: string) => <span className="num">{formatDateTime(v, locale)}</span>,
    },
    {
      title: t('admin.users.enabled'),
      dataIndex: 'disabled',
      width: 76,
      render: (disabled: boolean, u) => (
        <Switch
          checked={!disabled}
          disabled={u.id === me.data?.id}
          aria-label={t('admin.users.enabledOf', { name: u.loginName })}
          onChange={(on) => askDisable(u, !on)}
        />
      ),
    },
  ];

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch label={t('admin.users.search')} value={paging.text} onSearch={paging.search} />
      </div>
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        loading={users.isFetching && !users.data}
        locale={{ emptyText: emptyOrError(users) }}
        columns={columns}
        dataSource={users.data?.rows ?? []}
        pagination={paging.pagination(users.data?.total ?? 0)}
        scroll={isMobile ? undefined : { x: 900 }}
        tableLayout={isMobile ? 'fixed' : undefined}
      />
      <UserLimitsModal user={limitsOf} onClose={() => setLimitsOf(null)} onSaved={refresh} />
    </div>
  );
}
