import type { DeviceParamsAnswer } from '@ems/contract/api/device-commands';
import { type DeviceParamsPatch, PARAM_SPECS, type ParamKey } from '@ems/contract/api/device-params';
import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from '../../../shared/form/server-error';
import { ApiError } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { toastSuccess } from '../../../shared/ui/feedback';
import { useNow } from '../../../shared/ui/use-now';
import { setDeviceParams } from '../api/device-params-api';
import {
  changedParams,
  fieldPathOf,
  formBase,
  formValuesOf,
  groupParams,
  type ParamFormValues,
  pendingByParam,
} from '../lib/param-form';
import { paramLabel, paramValueText } from '../lib/param-text';
import { FieldStatus, type ReportedInfo } from './field-status';
import { ParamInput, paramRule } from './param-input';
import { TouSlotsField } from './tou-slots-field';

/** Fields whose rules read other fields: a change re-checks them all (spec §5 SOC gap, overlapping periods). */
const LINKED: Partial<Record<ParamKey, readonly ParamKey[]>> = {
  socLowerOnGrid: ['socLowerOnGrid', 'socLowerOffGrid'],
  socLowerOffGrid: ['socLowerOnGrid', 'socLowerOffGrid'],
};

/**
 * The parameters of one device, grouped as spec §1 groups them, each with what the device reported and
 * what a pending command asks. Rules are checked as the user types; "Send" lists the changed values in a
 * confirmation naming the device, and only those are sent. Disabled (read-only) when the caller may not
 * set them (a friend the site is shared with). `onSent` runs after the server recorded a command and
 * gives the device's parameters read again, which the form then starts from.
 */
export function ParamsForm({
  answer,
  onSent,
}: {
  answer: DeviceParamsAnswer;
  onSent: () => Promise<DeviceParamsAnswer | undefined>;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const now = useNow(10_000);
  const [form] = Form.useForm<ParamFormValues>();
  const base = useMemo(() => formBase(answer), [answer]);
  const supported = answer.supported;
  const pending = useMemo(() => pendingByParam(answer.pending), [answer.pending]);
  const reported: ReportedInfo = {
    values: answer.reported,
    at: answer.reportedAt,
    changedOnDevice: answer.changedOnDevice,
  };
  const values = Form.useWatch((all: Partial<ParamFormValues>) => all, { form, preserve: true });
  const changes = values ? changedParams(base, values, supported) : {};
  const changedKeys = Object.keys(changes) as ParamKey[];
  const [confirming, setConfirming] = useState<DeviceParamsPatch | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // What the device has (or is about to have) moved on: fields the user has not touched follow it.
  const baseKey = JSON.stringify(base);
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue(formValuesOf(JSON.parse(baseKey)));
  }, [baseKey, form]);

  const recheck = (changed: Partial<ParamFormValues>) => {
    const keys = Object.keys(changed) as ParamKey[];
    const names: NamePath[] = keys.flatMap((k) => (LINKED[k] ?? []).map((n) => [n]));
    if (keys.includes('touSlots')) {
      (form.getFieldValue('touSlots') ?? []).forEach((_: unknown, i: number) => {
        names.push(['touSlots', i, 'start'], ['touSlots', i, 'end']);
      });
    }
    if (names.length > 0) form.validateFields(names, { recursive: false }).catch(() => {});
  };

  const review = async () => {
    setError(null);
    try {
      await form.validateFields();
    } catch {
      return; // each field says what is wrong
    }
    if (changedKeys.length > 0) setConfirming(changes);
  };

  const send = async () => {
    if (!confirming) return;
    setSending(true);
    try {
      const { msg } = await setDeviceParams(answer.deviceId, confirming);
      setConfirming(null);
      toastSuccess(msg);
      const next = await onSent();
      form.resetFields();
      if (next) form.setFieldsValue(formValuesOf(formBase(next)));
    } catch (e) {
      setConfirming(null);
      const path = e instanceof ApiError ? fieldPathOf(e.field ?? undefined, supported) : null;
      if (path && e instanceof ApiError)
        form.setFields([{ name: [...path] as NamePath, errors: [e.message] }]);
      else setError(inlineErrorText(e, t('deviceParams.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  const status = (key: ParamKey) => (
    <FieldStatus paramKey={key} reported={reported} pending={pending.get(key)} now={now} />
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={formValuesOf(base)}
      disabled={!answer.canSet}
      onValuesChange={recheck}
      className="params-form"
      aria-label={t('deviceParams.title')}
    >
      <div className="params-groups">
        {groupParams(supported).map(({ group, keys }) => (
          <section key={group} className="params-group" aria-labelledby={`params-group-${group}`}>
            <Typography.Title level={5} id={`params-group-${group}`}>
              {t(`deviceParams.group.${group}`)}
            </Typography.Title>
            {group === 'tou' ? (
              <TouSlotsField status={status('touSlots')} disabled={!answer.canSet} />
            ) : (
              <div className={`params-grid params-grid-${group}`}>
                {keys.map((key) => {
                  const spec = PARAM_SPECS[key];
                  return (
                    <Form.Item
                      key={key}
                      name={key}
                      label={paramLabel(key, t)}
                      tooltip={
                        'sunspec' in spec && spec.sunspec
                          ? t('deviceParams.sunspec', {
                              model: spec.sunspec.model,
                              point: spec.sunspec.point,
                            })
                          : undefined
                      }
                      valuePropName={spec.kind === 'boolean' ? 'checked' : 'value'}
                      rules={[paramRule([key])]}
                      extra={status(key)}
                    >
                      <ParamInput paramKey={key} />
                    </Form.Item>
                  );
                })}
              </div>
            )}
          </section>
        ))}
      </div>
      {error && <Alert type="error" showIcon title={error} className="params-error" />}
      {answer.canSet && (
        <Space wrap className="params-actions">
          <Button type="primary" onClick={review} disabled={changedKeys.length === 0} loading={sending}>
            {changedKeys.length === 0
              ? t('deviceParams.send')
              : t('deviceParams.sendCount', { count: changedKeys.length })}
          </Button>
          <Button onClick={() => form.resetFields()} disabled={changedKeys.length === 0}>
            {t('deviceParams.undo')}
          </Button>
        </Space>
      )}
      <Modal
        open={confirming !== null}
        title={t('deviceParams.confirm.title', { name: answer.deviceName })}
        okText={t('deviceParams.confirm.send')}
        cancelText={t('deviceParams.confirm.cancel')}
        confirmLoading={sending}
        onOk={send}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        <ul className="params-changes">
          {Object.entries(confirming ?? {}).map(([key, value]) => (
            <li key={key}>
              <strong>{paramLabel(key, t)}</strong>
              {': '}
              {t('deviceParams.change', {
                from: paramValueText(key, base[key as ParamKey], t, locale),
                to: paramValueText(key, value, t, locale),
              })}
            </li>
          ))}
        </ul>
        <Typography.Paragraph type="secondary">
          {t(answer.online ? 'deviceParams.confirm.online' : 'deviceParams.confirm.offline')}
        </Typography.Paragraph>
      </Modal>
    </Form>
  );
}
