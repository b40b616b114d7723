import type { DeviceParamsAnswer } from '@ems/contract/api/device-commands';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Result, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/api-error';
import { paramsKeys, useDeviceParams } from '../api/device-params-api';
import { CommandHistory } from './command-history';
import { ParamsForm } from './params-form';

/**
 * The device detail's Parameters tab (issue 21 item 5): why the form is read-only (a friend) or why a
 * command would wait (the device is offline), the parameters' form, and the command history.
 */
export function ParamsTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const params = useDeviceParams(deviceId);
  const answer = params.data;
  // Each state change of a pending command (and its leaving the pending list, verified or failed) reads
  // the history again, so its last state shows there too.
  const states = answer?.pending.map((c) => `${c.commandId}:${c.state}`).join() ?? '';
  useEffect(() => {
    void states;
    client.invalidateQueries({ queryKey: [...paramsKeys.device(deviceId), 'history'] });
  }, [states, client, deviceId]);
  if (params.isError && !answer) {
    return <Result status="warning" title={errorText(params.error, t('common.errors.tryLater'))} />;
  }
  if (!answer) return <Skeleton active paragraph={{ rows: 8 }} />;

  const onSent = async (): Promise<DeviceParamsAnswer | undefined> => {
    await client.invalidateQueries({ queryKey: paramsKeys.device(deviceId) });
    return client.getQueryData<DeviceParamsAnswer>(paramsKeys.params(deviceId));
  };
  const pending = answer.pending.length > 0;

  return (
    <div className="params-tab" data-testid="params-tab">
      {!answer.canSet && (
        <Alert type="info" showIcon className="params-note" title={t('deviceParams.readOnly')} />
      )}
      {answer.canSet && !answer.online && (
        <Alert type="warning" showIcon className="params-note" title={t('deviceParams.offline')} />
      )}
      {answer.reportedAt === null && (
        <Alert type="info" showIcon className="params-note" title={t('deviceParams.neverReported')} />
      )}
      <ParamsForm key={deviceId} answer={answer} onSent={onSent} />
      <Typography.Title level={5} className="params-history-title">
        {t('deviceParams.history.title')}
      </Typography.Title>
      <CommandHistory deviceId={deviceId} polling={pending} />
    </div>
  );
}
