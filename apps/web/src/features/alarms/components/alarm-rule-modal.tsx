import { type AlarmRule, AlarmRuleSaveSchema, RULE_BOUNDS, RULE_OPS } from '@ems/contract/api/alarm';
import { DEVICE_TYPES } from '@ems/contract/telemetry';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmLevelOptions } from '../../../shared/domain/alarm-level';
import { pointLabel, unitOfPoint } from '../../../shared/domain/point-label';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { FormModal } from '../../../shared/ui/form-modal';
import { type AlarmRuleInput, rulesKey, saveAlarmRule } from '../api/alarm-rules';
import { RULE_POINTS } from '../lib/rule-points';

const FIELDS = ['name', 'deviceType', 'point', 'op', 'threshold', 'durationS', 'level', 'enabled'] as const;

/**
 * Adds or edits a threshold rule of a site (issue 9, screen of issue 24 item 9): name, which devices
 * (a type or all), the point in the viewer's language with its unit, above or below a value for a
 * number of seconds, and the alarm's level. Rules are checked with the contract's AlarmRuleSaveSchema.
 */
export function AlarmRuleModal({
  stationId,
  rule,
  open,
  onClose,
}: {
  stationId: number;
  /** The rule to edit; a new rule when undefined. */
  rule?: AlarmRule | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AlarmRuleInput>();
  const client = useQueryClient();
  const { pending, error, run, clear } = useInlineAction('alarms.rules.failed');
  const point = Form.useWatch('point', form) as string | undefined;
  const rule_ = (field: (typeof FIELDS)[number]) => zodRule(AlarmRuleSaveSchema, field, { stationId });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? { ...rule, deviceType: (rule.deviceType as AlarmRuleInput['deviceType']) ?? null }
        : { op: 'below', point: 'SoC', durationS: 300, level: 2, enabled: true, deviceType: null },
    );
  }, [open, rule, form]);

  const save = (values: AlarmRuleInput) =>
    run(
      async () => {
        await saveAlarmRule({ ...values, stationId, ...(rule ? { id: rule.id } : {}) });
        toastSuccess(catalogueText('common.ok'));
        await client.invalidateQueries({ queryKey: rulesKey(stationId) });
        onClose();
      },
      { form, fields: FIELDS },
    );

  const points = new Set<string>([...RULE_POINTS, ...(rule ? [rule.point] : [])]);
  return (
    <FormModal
      open={open}
      title={t(rule ? 'alarms.rules.editTitle' : 'alarms.rules.addTitle')}
      form={form}
      pending={pending}
      error={error}
      onCancel={() => {
        clear();
        onClose();
      }}
    >
      <Form<AlarmRuleInput> form={form} layout="vertical" onFinish={save} name="alarm-rule">
        <Form.Item name="name" label={t('alarms.rules.name')} rules={[rule_('name')]} required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="deviceType" label={t('alarms.rules.devices')} rules={[rule_('deviceType')]}>
          <Select
            allowClear
            placeholder={t('alarms.rules.allDevices')}
            options={DEVICE_TYPES.map((d) => ({ value: d, label: t(`fleet.device.types.${d}`) }))}
          />
        </Form.Item>
        <Form.Item name="point" label={t('alarms.rules.point')} rules={[rule_('point')]} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[...points].map((p) => ({ value: p, label: pointLabel(p, t, unitOfPoint(p)) }))}
          />
        </Form.Item>
        <div className="rule-form-row">
          <Form.Item name="op" label={t('alarms.rules.op')} rules={[rule_('op')]} required>
            <Select options={RULE_OPS.map((op) => ({ value: op, label: t(`alarms.rules.ops.${op}`) }))} />
          </Form.Item>
          <Form.Item
            name="threshold"
            label={t('alarms.rules.threshold')}
            rules={[rule_('threshold')]}
            required
          >
            <InputNumber
              style={{ width: '100%' }}
              suffix={point ? unitOfPoint(point) : undefined}
              min={-RULE_BOUNDS.threshold}
              max={RULE_BOUNDS.threshold}
            />
          </Form.Item>
        </div>
        <div className="rule-form-row">
          <Form.Item
            name="durationS"
            label={t('alarms.rules.duration')}
            rules={[rule_('durationS')]}
            required
          >
            <InputNumber style={{ width: '100%' }} suffix="s" min={0} max={RULE_BOUNDS.maxDurationS} />
          </Form.Item>
          <Form.Item name="level" label={t('alarms.rules.level')} rules={[rule_('level')]} required>
            <Select options={alarmLevelOptions(t)} />
          </Form.Item>
        </div>
        <Form.Item name="enabled" label={t('alarms.rules.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
