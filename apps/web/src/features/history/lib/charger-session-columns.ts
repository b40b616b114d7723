/**
 * The OCPP columns of the station page's charging sessions (issue 22 item 4, docs/ocpp.md "Sessions and
 * reports"): connector, id tag and a readable stop reason, shown only when a session carries them (an MQTT
 * charger's sessions do not).
 */
import type { ChargerSession } from '@ems/contract/api/report';
import type { TFunction } from 'i18next';

/**
 * OCPP 1.6 StopTransaction reasons (Reason enum) and the platform's own Replaced, each with a text under
 * history.events.reasons in every locale.
 */
export const STOP_REASONS = [
  'DeAuthorized',
  'EmergencyStop',
  'EVDisconnected',
  'HardReset',
  'Local',
  'Other',
  'PowerLoss',
  'Reboot',
  'Remote',
  'SoftReset',
  'UnlockCommand',
  'Replaced',
] as const;

/** True when any session is an OCPP transaction (it has a transaction id). */
export function hasOcppSessions(sessions: readonly ChargerSession[]): boolean {
  return sessions.some((s) => s.transactionId !== null);
}

/**
 * A session's stop reason in words: the known reasons translated, another one as the charger sent it,
 * "(closed by the platform)" added when the platform inferred the stop; '' while it has none.
 */
export function stopReasonText(
  s: Partial<Pick<ChargerSession, 'stopReason' | 'inferred'>>,
  t: TFunction,
): string {
  if (!s.stopReason) return '';
  const known = (STOP_REASONS as readonly string[]).includes(s.stopReason);
  const text = known ? t(`history.events.reasons.${s.stopReason}`) : s.stopReason;
  return s.inferred ? `${text} (${t('history.events.inferred')})` : text;
}

/** The columns an OCPP charger's sessions add: connector, id tag, stop reason. */
export function ocppSessionColumns(t: TFunction) {
  return [
    {
      title: t('history.events.connector'),
      dataIndex: 'connectorId',
      key: 'connectorId',
      align: 'right' as const,
    },
    { title: t('history.events.idTag'), dataIndex: 'idTag', key: 'idTag' },
    {
      title: t('history.events.stopReason'),
      key: 'stopReason',
      render: (_: unknown, s: Partial<ChargerSession>) => stopReasonText(s, t),
    },
  ];
}

/** A row's key: its transaction id (two connectors may start at once), else its start. */
export const sessionRowKey = (s: { start: string; transactionId?: number | null }) =>
  s.transactionId == null ? s.start : String(s.transactionId);
