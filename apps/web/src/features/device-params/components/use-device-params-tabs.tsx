/**
 * The device detail's Parameters tab (issue 21 item 5), shown for a device whose type has parameters
 * (device/params' `supported`, loaded for the chosen device; no tab while that answer is on its way).
 */
import type { DeviceInfo } from '@ems/contract/api/station';
import { useTranslation } from 'react-i18next';
import type { DeviceTab } from '../../fleet';
import { useDeviceParams } from '../api/device-params-api';
import { ParamsTab } from './params-tab';

/**
 * Hook for the device detail's `useDeviceTabs`: the Parameters tab of `device` when device/params says its
 * type has parameters, else none (nor while that answer is on its way).
 */
export function useDeviceParamsTabs(device: DeviceInfo | null): DeviceTab[] {
  const { t } = useTranslation();
  const params = useDeviceParams(device?.deviceId ?? null);
  if (!device || (params.data?.supported.length ?? 0) === 0) return [];
  return [
    { key: 'params', label: t('deviceParams.tab'), children: <ParamsTab deviceId={device.deviceId} /> },
  ];
}
