/**
 * Deleting a site after a confirmation that says what goes with it (issue 7 §1): its devices return to
 * the inventory, its history and alarms are deleted (in the background), and shares of it end.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { toastSuccess } from '../../../shared/ui/feedback';
import { deleteStation, refreshSites } from '../api/fleet-api';

/** A function that asks for confirmation, then deletes the site and refreshes the lists. */
export function useDeleteSite(onDeleted?: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  return (site: { stationId: number; stationName: string }) =>
    modal.confirm({
      title: t('fleet.site.deleteTitle', { name: site.stationName }),
      content: t('fleet.site.deleteText'),
      okText: t('fleet.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await deleteStation(site.stationId);
          toastSuccess(catalogueText('common.ok'));
          onDeleted?.();
        } catch (e) {
          toastUnlessShown(e, t('fleet.errors.generic'));
        } finally {
          await refreshSites(client);
        }
      },
    });
}
