/**
 * One charger of the chargers card: name, identity, online or offline, vendor/model/firmware, last seen,
 * its smart-charging limit, its connectors, its solar-charging mode and decision (issue 33) (status tag, open session's id tag and power) and, for the
 * owner, the remote operations with the last one's state followed live.
 */
import { DownOutlined } from '@ant-design/icons';
import type { ChargerCommandRow, ChargerRow } from '@ems/contract/api/ocpp-charger';
import { Alert, Button, Card, Dropdown, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPower } from '../../../shared/format/quantity';
import { formatRelative } from '../../../shared/format/time';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { CommStatus } from '../../../shared/ui/comm-status';
import { anyPending, connectorColor, isPending } from '../lib/charger-status';
import { CommandAnswer } from './command-answer';
import { CommandWhat } from './command-history';
import { CommandStateTag } from './command-state-tag';
import { ConnectorList } from './connector-list';
import { SolarSection } from './solar-section';
import { useChargerActions } from './use-charger-actions';
import { useTrackedCommand } from './use-tracked-command';

/** Which dialog of the charger is open. */
export type ChargerDialog = 'start' | 'history' | 'schedule' | null;

/** The charger `charger`; `owner` shows the operations; `onPending` tells the card a command is on its way. */
export function ChargerItem(props: {
  stationId: number;
  charger: ChargerRow;
  owner: boolean;
  now: number;
  onPending: (deviceId: number, pending: boolean) => void;
  onDialog: (dialog: ChargerDialog, charger: ChargerRow) => void;
  sent: ChargerCommandRow | null;
  onSent: (row: ChargerCommandRow) => void;
  onDismiss: (deviceId: number) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const clock = useSiteClock();
  const c = props.charger;
  const { command, firstPage } = useTrackedCommand(props.stationId, c.deviceId, props.sent);
  const pending = anyPending(firstPage.data?.rows ?? []);
  const { onPending } = props;
  useEffect(() => onPending(c.deviceId, pending), [onPending, c.deviceId, pending]);
  const about = [c.vendor, c.model, c.firmware && t('ocpp.charger.firmware', { version: c.firmware })]
    .filter(Boolean)
    .join(' · ');
  // Connector 0 is the whole charger: its Faulted or Unavailable shows beside the charger's name.
  const whole = c.connectors.find((k) => k.connectorId === 0);
  const actions = useChargerActions(c.deviceId, c.name, props.onSent);
  const more = {
    onClick: ({ key }: { key: string }) => {
      const [what, type] = key.split('-');
      if (what === 'reset') actions.reset(type as 'Soft' | 'Hard');
      else actions.availability(type as 'Operative' | 'Inoperative');
    },
    items: [
      { key: 'reset-Soft', label: t('ocpp.reset.Soft') },
      { key: 'reset-Hard', label: t('ocpp.reset.Hard'), danger: true },
      { type: 'divider' as const },
      { key: 'avail-Operative', label: t('ocpp.availability.Operative') },
      { key: 'avail-Inoperative', label: t('ocpp.availability.Inoperative') },
    ],
  };
  return (
    <Card size="small" className="ocpp-charger" data-testid="charger" data-identity={c.identity}>
      <div className="ocpp-charger-head">
        <div>
          <Typography.Text strong className="ocpp-charger-name">
            {c.name}
          </Typography.Text>{' '}
          <Typography.Text type="secondary" code>
            {c.identity}
          </Typography.Text>
        </div>
        <Space wrap size={4}>
          <Tag color={c.online ? 'success' : 'default'} data-testid="charger-online" data-online={c.online}>
            <CommStatus online={c.online} withText />
          </Tag>
          {whole && whole.status !== 'Available' && (
            <Tag color={connectorColor(whole.status)} data-testid="charger-status">
              {t(`ocpp.status.${whole.status}`, { defaultValue: whole.status })}
            </Tag>
          )}
          {c.limitKw !== null && (
            <Tag color="purple">
              {t('ocpp.charger.limit', { power: formatPower(c.limitKw * 1000, locale) })}
            </Tag>
          )}
        </Space>
      </div>
      <div className="ocpp-muted ocpp-charger-meta">
        {about && <span>{about}</span>}
        <span title={c.lastSeenAt === null ? undefined : clock.dateTime(c.lastSeenAt, true)}>
          {c.lastSeenAt === null
            ? t('ocpp.charger.neverSeen')
            : t('ocpp.charger.lastSeen', {
                when: formatRelative(c.lastSeenAt, props.now, locale, t('common.time.justNow')),
              })}
        </span>
      </div>
      <ConnectorList connectors={c.connectors} actions={props.owner ? actions : null} />
      <SolarSection stationId={props.stationId} charger={c} owner={props.owner} />
      {props.owner && command && (
        <Alert
          className="ocpp-command"
          type={command.state === 'accepted' ? 'success' : isPending(command.state) ? 'info' : 'warning'}
          closable={{ onClose: () => props.onDismiss(c.deviceId), 'aria-label': t('ocpp.actions.dismiss') }}
          data-testid="charger-command"
          title={
            <Space wrap size={6}>
              <CommandWhat row={command} />
              <CommandStateTag state={command.state} />
              <CommandAnswer row={command} />
            </Space>
          }
        />
      )}
      <Space wrap className="ocpp-charger-actions">
        {props.owner && (
          <>
            {/* An offline charger cannot be reached: a start would only wait and time out. */}
            {c.online && (
              <Button type="primary" onClick={() => props.onDialog('start', c)}>
                {t('ocpp.actions.start')}
              </Button>
            )}
            <Dropdown menu={more} trigger={['click']}>
              <Button>
                <Space size={4}>
                  {t('ocpp.actions.more')}
                  <DownOutlined aria-hidden />
                </Space>
              </Button>
            </Dropdown>
            <Button onClick={() => props.onDialog('schedule', c)}>{t('ocpp.actions.schedule')}</Button>
          </>
        )}
        <Button onClick={() => props.onDialog('history', c)}>{t('ocpp.actions.history')}</Button>
      </Space>
    </Card>
  );
}
