import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AlarmRule } from '@ems/contract/api/alarm';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmKind } from '../../../shared/domain/alarm-level';
import { pointLabel, unitOfPoint } from '../../../shared/domain/point-label';
import { catalogueText } from '../../../shared/form/zod-rule';
import { formatNumber } from '../../../shared/format/quantity';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';
import { toastSuccess } from '../../../shared/ui/feedback';
import { emptyOrError } from '../../../shared/ui/query-error';
import {
  type AlarmRuleInput,
  deleteAlarmRule,
  rulesKey,
  saveAlarmRule,
  useAlarmRules,
} from '../api/alarm-rules';
import { AlarmRuleModal } from './alarm-rule-modal';
import './alarm-table.css';

/**
 * The owner's threshold alarm rules of a site on its station page (docs/alarms.md, issue 24 item 9):
 * each rule as a sentence ("State of charge (%) below 20 for 300 s"), its level, on/off, edit and
 * delete, and a button to add one. A rule raises an alarm `RULE-<id>` evaluated every 30 s.
 */
export function AlarmRulesCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const rules = useAlarmRules(stationId);
  const [editing, setEditing] = useState<AlarmRule | null | undefined>(undefined);
  const locale = currentLanguageCode();
  const refresh = () => client.invalidateQueries({ queryKey: rulesKey(stationId) });

  const toggle = async (rule: AlarmRule, enabled: boolean) => {
    try {
      await saveAlarmRule({ ...rule, enabled, deviceType: rule.deviceType as AlarmRuleInput['deviceType'] });
      toastSuccess(catalogueText('common.ok'));
    } catch (e) {
      toastUnlessShown(e, t('alarms.rules.failed'));
    } finally {
      await refresh();
    }
  };
  const remove = (rule: AlarmRule) =>
    modal.confirm({
      title: t('alarms.rules.deleteTitle', { name: rule.name }),
      content: t('alarms.rules.deleteText'),
      okText: t('alarms.rules.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await deleteAlarmRule(rule.id, stationId);
          toastSuccess(catalogueText('common.ok'));
        } catch (e) {
          toastUnlessShown(e, t('alarms.rules.failed'));
        } finally {
          await refresh();
        }
      },
    });

  const columns: TableColumnsType<AlarmRule> = [
    { title: t('alarms.rules.name'), dataIndex: 'name' },
    {
      title: t('alarms.rules.condition'),
      key: 'condition',
      render: (_, r) =>
        t('alarms.rules.sentence', {
          point: pointLabel(r.point, t, unitOfPoint(r.point)),
          op: t(`alarms.rules.ops.${r.op}`),
          value: formatNumber(r.threshold, locale, Number.isInteger(r.threshold) ? 0 : 2),
          seconds: r.durationS,
          devices: r.deviceType ? t(`fleet.device.types.${r.deviceType}`) : t('alarms.rules.allDevices'),
        }),
    },
    {
      title: t('alarms.rules.level'),
      dataIndex: 'level',
      responsive: ['sm'],
      render: (level: number) => <AlarmLevelTag kind={alarmKind(level) ?? 'notice'} />,
    },
    {
      title: t('alarms.rules.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean, r) => (
        <Switch
          size="small"
          checked={on}
          aria-label={t('alarms.rules.enabled')}
          onChange={(v) => void toggle(r, v)}
        />
      ),
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('alarms.rules.editNamed', { name: r.name })}
            onClick={() => setEditing(r)}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('alarms.rules.deleteNamed', { name: r.name })}
            onClick={() => remove(r)}
          />
        </Space>
      ),
    },
  ];
  return (
    <Card
      size="small"
      className="alarm-rules-card"
      data-testid="alarm-rules"
      title={t('alarms.rules.title')}
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('alarms.rules.add')}
        </Button>
      }
    >
      <Table<AlarmRule>
        rowKey="id"
        size="small"
        loading={rules.isPending}
        columns={columns}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: emptyOrError(rules, t('alarms.rules.empty')) }}
      />
      <AlarmRuleModal
        stationId={stationId}
        rule={editing ?? undefined}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
