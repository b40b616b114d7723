/**
 * A charger's command history (issue 22): when, who, what, state and the charger's answer, newest first,
 * ten a page, in a dialog; the table scrolls sideways on a narrow screen. The first page is the one the
 * charger item polls, so an open history follows a command's state too.
 */

import type { ChargerCommandRow } from '@ems/contract/api/ocpp-charger';
import { Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { QueryError } from '../../../shared/ui/query-error';
import { useChargerCommands } from '../api/charger-api';
import { CommandAnswer } from './command-answer';
import { CommandStateTag } from './command-state-tag';
import { HISTORY_PAGE_SIZE } from './use-tracked-command';

/** The action in words with what it named: connector, id tag, reset or availability type. */
export function CommandWhat({ row }: { row: Pick<ChargerCommandRow, 'action' | 'params'> }) {
  const { t } = useTranslation();
  const p = row.params;
  const details = [
    typeof p.connectorId === 'number' && p.connectorId > 0
      ? t('ocpp.charger.connector', { id: p.connectorId })
      : null,
    typeof p.idTag === 'string' ? p.idTag : null,
    typeof p.transactionId === 'number' ? t('ocpp.history.transaction', { id: p.transactionId }) : null,
    typeof p.type === 'string' ? t(`ocpp.type.${p.type}`, { defaultValue: p.type }) : null,
  ].filter((d): d is string => d !== null);
  return (
    <span>
      {t(`ocpp.action.${row.action}`)}
      {details.length > 0 && <span className="ocpp-muted"> · {details.join(' · ')}</span>}
    </span>
  );
}

/** Props of a dialog about one charger of a site: charger `deviceId` (named `name`), open while `open`. */
export interface ChargerDialogProps {
  stationId: number;
  deviceId: number;
  name: string;
  open: boolean;
  onClose: () => void;
}

/** The history dialog of charger `deviceId` (named `name`), open while `open`. */
export function CommandHistoryModal(props: ChargerDialogProps) {
  const { t } = useTranslation();
  const clock = useSiteClock();
  const [pageNum, setPageNum] = useState(1);
  const history = useChargerCommands(props.stationId, props.deviceId, pageNum, HISTORY_PAGE_SIZE);
  const time = (ms: number | null) => (ms === null ? '–' : clock.dateTime(ms, true));
  const columns: TableColumnsType<ChargerCommandRow> = [
    { key: 'when', title: t('ocpp.history.when'), render: (_, r) => time(r.createdAt), width: 170 },
    { key: 'what', title: t('ocpp.history.what'), render: (_, r) => <CommandWhat row={r} /> },
    {
      key: 'who',
      title: t('ocpp.history.who'),
      render: (_, r) => r.userName ?? t('ocpp.history.platform'),
      width: 120,
    },
    {
      key: 'state',
      title: t('ocpp.history.state'),
      render: (_, r) => <CommandStateTag state={r.state} />,
      width: 130,
    },
    {
      key: 'answer',
      title: t('ocpp.history.answer'),
      render: (_, r) => <CommandAnswer row={r} />,
      width: 150,
    },
    {
      key: 'answered',
      title: t('ocpp.history.answeredAt'),
      render: (_, r) => time(r.answeredAt),
      width: 170,
    },
  ];
  return (
    <Modal
      open={props.open}
      title={t('ocpp.history.title', { name: props.name })}
      onCancel={props.onClose}
      footer={null}
      width={1000}
      destroyOnHidden
    >
      {history.isError && !history.data ? (
        <QueryError error={history.error} />
      ) : (
        <Table<ChargerCommandRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={history.data?.rows ?? []}
          loading={history.isPending}
          locale={{ emptyText: t('ocpp.history.empty') }}
          pagination={{
            current: pageNum,
            pageSize: HISTORY_PAGE_SIZE,
            total: history.data?.total ?? 0,
            onChange: setPageNum,
            hideOnSinglePage: true,
          }}
          onRow={() => ({ 'data-testid': 'charger-command-row' }) as React.HTMLAttributes<HTMLElement>}
          scroll={{ x: 900 }}
        />
      )}
    </Modal>
  );
}
