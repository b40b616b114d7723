import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_TYPES } from '@ems/contract/api/account';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { userInfoQueryOptions } from '../../../shared/session/user-info';
import { toastError, toastSuccess } from '../../../shared/ui/feedback';
import { uploadAvatar } from '../api/upload-avatar';
import { avatarProblem } from '../lib/avatar-check';

/**
 * The avatar with a "change" button: the file's type and size are checked before the upload with the
 * server's messages; after it the user info (top bar too) shows the new picture.
 */
export function AvatarUpload({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <div className="avatar-upload">
      <Avatar size={88} src={src ?? undefined} icon={src ? undefined : <UserOutlined />} alt={name}>
        {src ? undefined : name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = avatarProblem(file);
          if (problem) {
            toastError(catalogueText(problem.key, problem.params));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true);
          uploadAvatar(file as Blob)
            .then(async (data) => {
              onSuccess?.(data);
              await queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
              toastSuccess(t('account.profile.avatarSaved'));
            })
            .catch((error: unknown) => {
              onError?.(error as Error);
              toastUnlessShown(error, t('account.errors.generic'));
            })
            .finally(() => setBusy(false));
        }}
      >
        <Button size="small" icon={<CameraOutlined />} loading={busy}>
          {t('account.profile.changeAvatar')}
        </Button>
      </Upload>
    </div>
  );
}
