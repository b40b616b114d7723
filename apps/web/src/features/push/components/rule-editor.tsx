/**
 * The add/edit dialog of a push rule: fills the form from the rule (or a new one in the interface
 * language), keeps devices to the chosen sites, saves through push/config/save and shows a refusal of
 * the server under the field it names.
 */
import type { Mailbox, PushRule } from '@ems/contract/api/push';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText } from '../../../shared/form/zod-rule';
import { currentLanguageId } from '../../../shared/i18n/current-language';
import { toastSuccess } from '../../../shared/ui/feedback';
import { FormModal } from '../../../shared/ui/form-modal';
import { siteDevicesQueryOptions } from '../../fleet/api/fleet-api';
import { refreshRules, saveRule } from '../api/push-rules';
import { newRuleValues, RULE_FIELDS, type RuleFormValues, ruleBody, ruleValues } from '../lib/rule-form';
import { devicesAfterSiteChange, type VisibleSite } from '../lib/rule-sites';
import { RuleFields } from './rule-fields';

/** What the editor edits: closed, a new rule, or saved rule `rule`. */
export type Editing = { open: false } | { open: true; rule: PushRule | null };

/** The dialog; `onClose` after Cancel or a successful save. */
export function RuleEditor(props: {
  editing: Editing;
  sites: VisibleSite[];
  mailboxes: Mailbox[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<RuleFormValues>();
  const { pending, error, run, clear } = useInlineAction('push.errors.save');
  const rule = props.editing.open ? props.editing.rule : null;

  useEffect(() => {
    if (!props.editing.open) return;
    form.resetFields();
    form.setFieldsValue(rule ? ruleValues(rule) : newRuleValues(currentLanguageId()));
  }, [props.editing.open, rule, form]);

  const stationIds = Form.useWatch('stationIds', form) ?? [];
  const deviceLists = useQueries({
    queries: stationIds.map((id) => ({ ...siteDevicesQueryOptions(id), enabled: props.editing.open })),
  });
  const devicesOf = useMemo(
    () =>
      new Map(
        stationIds.flatMap((id, i) => {
          const list = deviceLists[i]?.data;
          return list ? [[id, list] as const] : [];
        }),
      ),
    [stationIds, deviceLists],
  );
  const siteName = new Map(props.sites.map((s) => [s.stationId, s.stationName]));
  const devices = [...devicesOf].flatMap(([site, list]) =>
    list.map((d) => ({ value: d.deviceId, label: `${d.name} · ${siteName.get(site) ?? site}` })),
  );

  const submit = (values: RuleFormValues) =>
    run(
      async () => {
        await saveRule(ruleBody(values, rule?.id));
        toastSuccess(catalogueText('common.ok'));
        await refreshRules(client);
        props.onClose();
      },
      { form, fields: RULE_FIELDS },
    );

  return (
    <FormModal
      open={props.editing.open}
      title={rule ? t('push.rules.editTitle') : t('push.rules.newTitle')}
      form={form}
      pending={pending}
      error={error}
      onCancel={props.onClose}
      afterClose={clear}
      width={640}
    >
      <Form<RuleFormValues>
        form={form}
        name="push-rule"
        layout="vertical"
        requiredMark={false}
        disabled={pending}
        onFinish={submit}
        onValuesChange={(changed: Partial<RuleFormValues>) => {
          if (!changed.stationIds) return;
          const lists = new Map([...devicesOf].map(([id, list]) => [id, list.map((d) => d.deviceId)]));
          const kept = devicesAfterSiteChange(
            form.getFieldValue('deviceIds') ?? [],
            changed.stationIds,
            lists,
          );
          form.setFieldValue('deviceIds', kept);
        }}
      >
        <RuleFields form={form} sites={props.sites} devices={devices} mailboxes={props.mailboxes} />
      </Form>
    </FormModal>
  );
}
