/**
 * The fields of the push rule form (issue 20 §1, spec §3), shown by kind: levels, devices, "cleared" and
 * quiet hours for alarm rules; period and push time for report rules; mailboxes with the e-mail channel.
 * Every field is checked by the contract's PushRuleSaveSchema (rule-form.ts) with spec §5's caps.
 */

import type { Mailbox } from '@ems/contract/api/push';
import {
  MAX_RULE_OBJECTS,
  PUSH_CHANNELS,
  PUSH_KINDS,
  PUSH_LEVEL_NAMES,
  PUSH_PERIODS,
  PushRuleSaveSchema,
} from '@ems/contract/api/push';
import { Checkbox, Form, type FormInstance, Radio, Select, Switch, TimePicker } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../../shared/form/zod-rule';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { offeredLanguages } from '../../../shared/i18n/language-list';
import { clockToDayjs, dayjsToClock } from '../lib/clock';
import { isReportKind, type RuleField, type RuleFormValues, ruleFieldIssue } from '../lib/rule-form';
import type { VisibleSite } from '../lib/rule-sites';

/** An antd rule saying the schema's first issue on `field`, in the interface language. */
const schemaRule =
  (field: RuleField): RuleRender =>
  (form) => ({
    validator: async (_rule, value: unknown) => {
      const issue = ruleFieldIssue({ ...form.getFieldsValue(true), [field]: value }, field);
      if (issue) throw new Error(issueText(issue, currentLanguageCode(), PushRuleSaveSchema));
    },
  });

/** TimePicker ↔ the form's `HH:mm` text. */
const clockProps = {
  getValueProps: (v: string | null) => ({ value: clockToDayjs(v) }),
  normalize: dayjsToClock,
};

/** The form's fields; `sites` the user can see, `devices` of the chosen sites, verified `mailboxes`. */
export function RuleFields(props: {
  form: FormInstance<RuleFormValues>;
  sites: VisibleSite[];
  devices: { value: number; label: string }[];
  mailboxes: Mailbox[];
}) {
  const { t } = useTranslation();
  const kind = Form.useWatch('kind', props.form) ?? 'alarm';
  const channels = Form.useWatch('channels', props.form) ?? [];
  const stationIds = Form.useWatch('stationIds', props.form) ?? [];
  const report = isReportKind(kind);
  const siteOptions = props.sites.map((s) => ({
    value: s.stationId,
    label: s.owned ? s.stationName : `${s.stationName} (${t('push.fields.shared')})`,
  }));
  return (
    <>
      <Form.Item name="kind" label={t('push.fields.kind')} rules={[schemaRule('kind')]}>
        <Radio.Group
          optionType="button"
          options={PUSH_KINDS.map((k) => ({ value: k, label: t(`push.kinds.${k}`) }))}
        />
      </Form.Item>
      <Form.Item name="channels" label={t('push.fields.channels')} rules={[schemaRule('channels')]}>
        <Checkbox.Group options={PUSH_CHANNELS.map((c) => ({ value: c, label: t(`push.channels.${c}`) }))} />
      </Form.Item>
      <Form.Item name="stationIds" label={t('push.fields.stationIds')} rules={[schemaRule('stationIds')]}>
        <Select
          mode="multiple"
          allowClear
          maxCount={MAX_RULE_OBJECTS}
          optionFilterProp="label"
          placeholder={t('push.fields.allSites')}
          aria-label={t('push.fields.stationIds')}
          options={siteOptions}
        />
      </Form.Item>
      {!report && stationIds.length > 0 && (
        <Form.Item name="deviceIds" label={t('push.fields.deviceIds')} rules={[schemaRule('deviceIds')]}>
          <Select
            mode="multiple"
            allowClear
            maxCount={MAX_RULE_OBJECTS}
            optionFilterProp="label"
            placeholder={t('push.fields.allDevices')}
            aria-label={t('push.fields.deviceIds')}
            options={props.devices}
          />
        </Form.Item>
      )}
      {!report && (
        <>
          <Form.Item
            name="alarmLevels"
            label={t('push.fields.alarmLevels')}
            rules={[schemaRule('alarmLevels')]}
            dependencies={['kind']}
          >
            <Checkbox.Group
              options={PUSH_LEVEL_NAMES.map((l) => ({ value: l, label: t(`push.levels.${l}`) }))}
            />
          </Form.Item>
          <Form.Item name="notifyCleared" valuePropName="checked">
            <Checkbox>{t('push.fields.notifyCleared')}</Checkbox>
          </Form.Item>
        </>
      )}
      {report && (
        <div className="push-form-row">
          <Form.Item
            name="period"
            label={t('push.fields.period')}
            rules={[schemaRule('period')]}
            dependencies={['kind']}
          >
            <Radio.Group
              optionType="button"
              options={PUSH_PERIODS.map((p) => ({ value: p, label: t(`push.periods.${p}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="pushTime"
            label={t('push.fields.pushTime')}
            rules={[schemaRule('pushTime')]}
            dependencies={['kind']}
            {...clockProps}
          >
            <TimePicker
              format="HH:mm"
              minuteStep={5}
              needConfirm={false}
              aria-label={t('push.fields.pushTime')}
            />
          </Form.Item>
        </div>
      )}
      <Form.Item
        name="receiveLanguageId"
        label={t('push.fields.receiveLanguageId')}
        rules={[schemaRule('receiveLanguageId')]}
      >
        <Select
          aria-label={t('push.fields.receiveLanguageId')}
          options={offeredLanguages().map((l) => ({ value: l.id, label: l.languageName }))}
        />
      </Form.Item>
      {channels.includes('email') && (
        <Form.Item name="mailboxIds" label={t('push.fields.mailboxIds')} rules={[schemaRule('mailboxIds')]}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('push.fields.ownMailbox')}
            aria-label={t('push.fields.mailboxIds')}
            options={props.mailboxes.filter((m) => m.verified).map((m) => ({ value: m.id, label: m.email }))}
          />
        </Form.Item>
      )}
      {!report && (
        <Form.Item label={t('push.fields.quietHours')} extra={t('push.fields.quietHint')}>
          <div className="push-form-row">
            <Form.Item name="quietFrom" noStyle {...clockProps}>
              <TimePicker
                format="HH:mm"
                minuteStep={5}
                needConfirm={false}
                placeholder={t('push.fields.quietFrom')}
                aria-label={t('push.fields.quietFrom')}
              />
            </Form.Item>
            <Form.Item
              name="quietTo"
              noStyle
              rules={[schemaRule('quietTo')]}
              dependencies={['quietFrom']}
              {...clockProps}
            >
              <TimePicker
                format="HH:mm"
                minuteStep={5}
                needConfirm={false}
                placeholder={t('push.fields.quietTo')}
                aria-label={t('push.fields.quietTo')}
              />
            </Form.Item>
          </div>
        </Form.Item>
      )}
      <Form.Item name="enabled" label={t('push.fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
