/** Deleting a group after a confirmation: its sites go back to the default group (issue 7 §2). */
import type { GroupNode } from '@ems/contract/api/fleet';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { toastSuccess } from '../../../shared/ui/feedback';
import { editGroup } from '../api/fleet-api';

/** A function that confirms, then deletes `group`; `after` runs whatever happened (refresh). */
export function useDeleteGroup(after: () => Promise<void>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (group: GroupNode) =>
    modal.confirm({
      title: t('fleet.group.deleteTitle', { name: group.name }),
      content: t('fleet.group.deleteText', { count: group.subStations.length }),
      okText: t('fleet.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await editGroup({ action: 'delete', id: group.id });
          toastSuccess(catalogueText('common.ok'));
        } catch (e) {
          toastUnlessShown(e, t('fleet.errors.generic'));
        } finally {
          await after();
        }
      },
    });
}
