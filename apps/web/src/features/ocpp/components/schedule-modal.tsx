/**
 * A charger's composite schedule (GetCompositeSchedule, connector 0, the next hour): asked when the
 * dialog opens, its state followed live, and once the charger accepted, its periods (start and limit).
 */
import type { ChargerCommandRow } from '@ems/contract/api/ocpp-charger';
import { Alert, Empty, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPower } from '../../../shared/format/quantity';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { errorText } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { requestSchedule } from '../api/charger-api';
import { type SchedulePeriod, schedulePeriods } from '../lib/schedule';
import { CommandAnswer } from './command-answer';
import type { ChargerDialogProps } from './command-history';
import { CommandStateTag } from './command-state-tag';
import { useTrackedCommand } from './use-tracked-command';

/** The dialog of charger `deviceId`; asks for the schedule each time it opens. */
export function ScheduleModal(props: ChargerDialogProps) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const clock = useSiteClock();
  const [sent, setSent] = useState<ChargerCommandRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { command } = useTrackedCommand(props.stationId, props.deviceId, sent);
  const { open, deviceId } = props;
  useEffect(() => {
    if (!open) return;
    let live = true;
    setSent(null);
    setError(null);
    requestSchedule(deviceId).then(
      (row) => live && setSent(row),
      (e: unknown) => live && setError(errorText(e, t('ocpp.errors.generic'))),
    );
    return () => {
      live = false;
    };
  }, [open, deviceId, t]);
  const periods = command?.state === 'accepted' ? schedulePeriods(command.result) : [];
  const limitText = (p: SchedulePeriod) =>
    p.unit === 'W' ? formatPower(p.limit, locale) : `${formatNumber(p.limit, locale, 1)} A`;
  return (
    <Modal
      open={open}
      title={t('ocpp.schedule.title', { name: props.name })}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} />}
      {command && (
        <Space orientation="vertical" className="ocpp-wide">
          <Space wrap>
            <CommandStateTag state={command.state} />
            <CommandAnswer row={command} />
          </Space>
          {command.state === 'accepted' &&
            (periods.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ocpp.schedule.none')} />
            ) : (
              <Table<SchedulePeriod>
                rowKey={(p) => `${p.startMs}-${p.limit}`}
                size="small"
                pagination={false}
                dataSource={periods}
                data-testid="schedule-periods"
                columns={[
                  {
                    key: 'start',
                    title: t('ocpp.schedule.start'),
                    render: (_, p) => (p.startMs === null ? '–' : clock.dateTime(p.startMs)),
                  },
                  { key: 'limit', title: t('ocpp.schedule.limit'), render: (_, p) => limitText(p) },
                ]}
              />
            ))}
        </Space>
      )}
    </Modal>
  );
}
