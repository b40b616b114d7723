/**
 * One push rule as a card (issue 20 §1): kind and on/off switch, channels, sites and devices (empty: all
 * visible), alarm levels or the report's period and time, receive language, mailboxes, quiet hours and
 * the "cleared" message; Edit and Delete.
 */
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Mailbox, PushRule } from '@ems/contract/api/push';
import { Button, Card, Descriptions, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { offeredLanguages } from '../../../shared/i18n/language-list';
import { isReportKind } from '../lib/rule-form';

/** Names the card shows for ids: sites and mailboxes. */
export interface RuleNames {
  sites: Map<number, string>;
  mailboxes: Map<number, Mailbox>;
}

/** The card of `rule`; the buttons call back, the switch saves the rule with `enabled` flipped. */
export function RuleCard(props: {
  rule: PushRule;
  names: RuleNames;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  const r = props.rule;
  const report = isReportKind(r.kind);
  const language = offeredLanguages().find((l) => l.id === r.receiveLanguageId)?.languageName;
  const sites = r.stationIds.length
    ? r.stationIds.map((id) => props.names.sites.get(id) ?? `#${id}`).join(', ')
    : t('push.fields.allSites');
  const mailboxes = r.mailboxIds.length
    ? r.mailboxIds.map((id) => props.names.mailboxes.get(id)?.email ?? `#${id}`).join(', ')
    : t('push.fields.ownMailbox');
  const items = [
    {
      key: 'channels',
      label: t('push.fields.channels'),
      children: (
        <Space size={[4, 4]} wrap>
          {r.channels.map((c) => (
            <Tag key={c} color="blue">
              {t(`push.channels.${c}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'sites', label: t('push.fields.stationIds'), children: sites },
    ...(report
      ? [
          {
            key: 'schedule',
            label: t('push.card.schedule'),
            children: t('push.card.scheduleText', {
              period: t(`push.periods.${r.period ?? 'day'}`),
              time: r.pushTime ?? '',
            }),
          },
        ]
      : [
          {
            key: 'devices',
            label: t('push.fields.deviceIds'),
            children: r.deviceIds.length
              ? t('push.card.deviceCount', { count: r.deviceIds.length })
              : t('push.fields.allDevices'),
          },
          {
            key: 'levels',
            label: t('push.fields.alarmLevels'),
            children: r.alarmLevels.map((l) => t(`push.levels.${l}`)).join(', '),
          },
          {
            key: 'quiet',
            label: t('push.fields.quietHours'),
            children: r.quietFrom && r.quietTo ? `${r.quietFrom}–${r.quietTo}` : t('push.card.none'),
          },
          {
            key: 'cleared',
            label: t('push.card.cleared'),
            children: r.notifyCleared ? t('push.card.yes') : t('push.card.no'),
          },
        ]),
    {
      key: 'language',
      label: t('push.fields.receiveLanguageId'),
      children: language ?? `#${r.receiveLanguageId}`,
    },
    ...(r.channels.includes('email')
      ? [{ key: 'mailboxes', label: t('push.fields.mailboxIds'), children: mailboxes }]
      : []),
  ];
  const title = t(`push.kinds.${r.kind}`);
  return (
    <Card
      size="small"
      className="push-rule-card"
      data-testid={`push-rule-${r.id}`}
      title={title}
      extra={
        <Switch
          size="small"
          checked={r.enabled}
          onChange={props.onToggle}
          aria-label={t('push.rules.toggle', { kind: title })}
        />
      }
      actions={[
        <Button key="edit" type="text" icon={<EditOutlined />} onClick={props.onEdit}>
          {t('push.rules.edit')}
        </Button>,
        <Button key="delete" type="text" danger icon={<DeleteOutlined />} onClick={props.onDelete}>
          {t('push.rules.delete')}
        </Button>,
      ]}
    >
      <Descriptions size="small" column={1} items={items} />
    </Card>
  );
}
