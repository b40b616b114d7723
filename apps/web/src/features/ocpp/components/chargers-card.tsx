/**
 * The station page's "Chargers" card of a charging site (system kind 2, issue 22): each OCPP charger with
 * today's PV, grid and charging power (issue 33); its connectors and, for the owner, its remote operations,
 * command history and composite schedule;
 * then the site's charging limit and, for the owner, "Add charger" and the site's id tags. Nothing for
 * another kind of site. The chargers are read every 5 s, every 2 s while a command is on its way.
 */

import { PlusOutlined } from '@ant-design/icons';
import type { ChargerCommandRow, ChargerRow } from '@ems/contract/api/ocpp-charger';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDate } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { QueryError } from '../../../shared/ui/query-error';
import { useNow } from '../../../shared/ui/use-now';
import { useBaseInfo } from '../../station/api/get-base-info';
import { chargerKeys, refreshChargers, useChargers } from '../api/charger-api';
import { AddChargerModal } from './add-charger-modal';
import { ChargeLimitSection } from './charge-limit-section';
import { type ChargerDialog, ChargerItem } from './charger-item';
import { CommandHistoryModal } from './command-history';
import { IdTagsSection } from './id-tags-section';
import { ScheduleModal } from './schedule-modal';
import { SolarDayChart } from './solar-day-chart';
import { StartChargingModal } from './start-charging-modal';

/** System kind of a charging site (spec §1). */
const CHARGING_SITE = 2;

/** The card of site `stationId`; `useIsOwner` tells whether the caller owns it (the social feature's). */
export function ChargersCard(props: { stationId: number; useIsOwner: (stationId: number) => boolean }) {
  const base = useBaseInfo(props.stationId).data;
  const owner = props.useIsOwner(props.stationId);
  if (base?.systemType !== CHARGING_SITE) return null;
  return <ChargersView stationId={props.stationId} owner={owner} timeZone={base.timeZone} />;
}

function ChargersView({
  stationId,
  owner,
  timeZone,
}: {
  stationId: number;
  owner: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const client = useQueryClient();
  const now = useNow(5_000);
  const pendingRef = useRef(new Set<number>());
  const [polling, setPolling] = useState(false);
  const chargers = useChargers(stationId, polling);
  const [sent, setSent] = useState<Record<number, ChargerCommandRow>>({});
  const [dialog, setDialog] = useState<{ kind: ChargerDialog; charger: ChargerRow | null }>({
    kind: null,
    charger: null,
  });
  const [adding, setAdding] = useState(false);

  // A command that got its answer changes the charger (a session starts, a connector unlocks): read the
  // chargers again at once rather than at the next poll.
  const onPending = useCallback(
    (deviceId: number, pending: boolean) => {
      const set = pendingRef.current;
      if (pending) set.add(deviceId);
      else if (set.delete(deviceId)) void refreshChargers(client, stationId);
      setPolling(set.size > 0);
    },
    [client, stationId],
  );
  const onSent = useCallback(
    (row: ChargerCommandRow) => {
      setSent((s) => ({ ...s, [row.deviceId]: row }));
      void client.invalidateQueries({ queryKey: chargerKeys.commands(stationId, row.deviceId) });
    },
    [client, stationId],
  );
  const onDismiss = useCallback(
    (deviceId: number) =>
      setSent((s) => {
        const { [deviceId]: _, ...rest } = s;
        return rest;
      }),
    [],
  );
  const openDialog = useCallback(
    (kind: ChargerDialog, charger: ChargerRow) => setDialog({ kind, charger }),
    [],
  );
  const close = () => setDialog((d) => ({ ...d, kind: null }));
  const list = chargers.data ?? [];
  const current = dialog.charger;

  return (
    <Card
      title={t('ocpp.card.title')}
      className="ocpp-card"
      data-testid="chargers-card"
      extra={
        owner && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('ocpp.add.button')}
          </Button>
        )
      }
    >
      {chargers.isError && !chargers.data && <QueryError error={chargers.error} />}
      {chargers.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {chargers.data && list.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Typography.Paragraph className="ocpp-empty">
              {t(owner ? 'ocpp.card.emptyOwner' : 'ocpp.card.emptyViewer')}
            </Typography.Paragraph>
          }
        >
          {owner && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('ocpp.add.button')}
            </Button>
          )}
        </Empty>
      )}
      <SolarDayChart stationId={stationId} today={localDate(now, timeZone)} locale={locale} />
      <div className="ocpp-chargers">
        {list.map((c) => (
          <ChargerItem
            key={c.deviceId}
            stationId={stationId}
            charger={c}
            owner={owner}
            now={now}
            onPending={onPending}
            onDialog={openDialog}
            sent={sent[c.deviceId] ?? null}
            onSent={onSent}
            onDismiss={onDismiss}
          />
        ))}
      </div>
      {chargers.data && list.length > 0 && (
        <ChargeLimitSection stationId={stationId} chargers={list} owner={owner} />
      )}
      {owner && <IdTagsSection stationId={stationId} />}
      {current && owner && (
        <StartChargingModal
          key={`start-${current.deviceId}`}
          stationId={stationId}
          deviceId={current.deviceId}
          name={current.name}
          outlets={current.connectors.map((c) => c.connectorId).filter((id) => id > 0)}
          open={dialog.kind === 'start'}
          onClose={close}
          onSent={onSent}
        />
      )}
      {current && (
        <CommandHistoryModal
          key={`history-${current.deviceId}`}
          stationId={stationId}
          deviceId={current.deviceId}
          name={current.name}
          open={dialog.kind === 'history'}
          onClose={close}
        />
      )}
      {current && owner && (
        <ScheduleModal
          key={`schedule-${current.deviceId}`}
          stationId={stationId}
          deviceId={current.deviceId}
          name={current.name}
          open={dialog.kind === 'schedule'}
          onClose={close}
        />
      )}
      {owner && (
        <AddChargerModal
          stationId={stationId}
          open={adding}
          onClose={() => setAdding(false)}
          onAdded={() => void refreshChargers(client, stationId)}
        />
      )}
    </Card>
  );
}
