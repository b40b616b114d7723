import { UserInfoEditBodySchema } from '@ems/contract/api/account';
import type { UserInfo } from '@ems/contract/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { userInfoQueryOptions } from '../../../shared/session/user-info';
import { toastSuccess } from '../../../shared/ui/feedback';
import { editUserInfo, type UserInfoEditInput } from '../api/edit-user-info';
import { useTimeZones } from '../api/get-time-zones';

const FIELDS = ['userName', 'nickname', 'phone', 'timeZone'] as const;
const rule = (field: (typeof FIELDS)[number]) => zodRule(UserInfoEditBodySchema, field);

/** Name, nickname, phone and time zone (Select over the sys_timezone dictionary), saved together. */
export function ProfileInfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserInfoEditInput>();
  const zones = useTimeZones();
  const { pending, error, run } = useInlineAction();
  const options = (zones.data ?? []).map((z) => ({ value: z.dictValue, label: z.dictLabel }));
  if (!options.some((o) => o.value === user.timeZone))
    options.unshift({ value: user.timeZone, label: user.timeZone });

  const save = (values: UserInfoEditInput) =>
    run(
      async () => {
        await editUserInfo({
          userName: values.userName.trim(),
          nickname: values.nickname?.trim() || undefined,
          phone: values.phone?.trim() || undefined,
          timeZone: values.timeZone,
        });
        await queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
        toastSuccess(catalogueText('common.ok'));
      },
      { form, fields: FIELDS },
    );

  return (
    <Card title={t('account.profile.infoTitle')} className="profile-card">
      <Form<UserInfoEditInput>
        noValidate
        name="profile-info"
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={pending}
        initialValues={{
          userName: user.userName,
          nickname: user.nickname ?? '',
          phone: user.phone ?? '',
          timeZone: user.timeZone,
        }}
        onFinish={save}
      >
        <div className="profile-grid">
          <Form.Item label={t('account.profile.name')} name="userName" rules={[rule('userName')]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label={t('account.profile.nickname')} name="nickname" rules={[rule('nickname')]}>
            <Input autoComplete="nickname" />
          </Form.Item>
          <Form.Item
            label={t('account.profile.phone')}
            name="phone"
            rules={[rule('phone')]}
            extra={t('account.register.phoneHint')}
          >
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item label={t('account.profile.timeZone')} name="timeZone" rules={[rule('timeZone')]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={options} loading={zones.isFetching} />
          </Form.Item>
        </div>
        {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('account.profile.save')}
        </Button>
      </Form>
    </Card>
  );
}
