/**
 * The remote operations of one charger (contract CHARGER_USER_ACTIONS) but Start, which has its dialog:
 * Stop and Unlock at once, Reset and Availability after a confirmation naming the charger. Each hands
 * the recorded command to `onSent`; a refusal is toasted in the user's language.
 */
import type { ChargerCommandBody, ChargerCommandRow } from '@ems/contract/api/ocpp-charger';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { sendChargerCommand } from '../api/charger-api';

/** The operations of charger `deviceId` named `name`. */
export function useChargerActions(deviceId: number, name: string, onSent: (row: ChargerCommandRow) => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const send = async (body: ChargerCommandBody) => {
    try {
      onSent(await sendChargerCommand(body));
    } catch (e) {
      toastUnlessShown(e, t('ocpp.errors.generic'));
    }
  };
  const confirm = (title: string, content: string, danger: boolean, body: ChargerCommandBody) =>
    modal.confirm({
      title,
      content,
      okText: t('ocpp.actions.send'),
      okButtonProps: { danger },
      cancelText: t('common.actions.cancel'),
      onOk: () => send(body),
    });
  return {
    stop: (transactionId: number) => send({ action: 'RemoteStopTransaction', deviceId, transactionId }),
    unlock: (connectorId: number) => send({ action: 'UnlockConnector', deviceId, connectorId }),
    reset: (type: 'Soft' | 'Hard') =>
      confirm(
        t('ocpp.reset.confirmTitle', { name, type: t(`ocpp.type.${type}`) }),
        t(`ocpp.reset.confirm${type}`),
        type === 'Hard',
        { action: 'Reset', deviceId, type },
      ),
    availability: (type: 'Operative' | 'Inoperative') =>
      confirm(
        t('ocpp.availability.confirmTitle', { name, type: t(`ocpp.type.${type}`) }),
        t(`ocpp.availability.confirm${type}`),
        type === 'Inoperative',
        { action: 'ChangeAvailability', deviceId, connectorId: 0, type },
      ),
  };
}
