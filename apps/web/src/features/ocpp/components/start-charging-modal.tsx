/**
 * "Start charging" (RemoteStartTransaction): the connector (or the charger's choice) and the id tag to
 * charge for, picked from the site's id tags or typed; checked with the contract's rules as typed.
 */
import { ChargerCommandBodySchema, type ChargerCommandRow } from '@ems/contract/api/ocpp-charger';
import { AutoComplete, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { zodRule } from '../../../shared/form/zod-rule';
import { FormModal } from '../../../shared/ui/form-modal';
import { sendChargerCommand, useIdTags } from '../api/charger-api';

/** The RemoteStartTransaction body's schema (the union's first member). */
const StartSchema = ChargerCommandBodySchema.options[0];

interface StartValues {
  connectorId?: number;
  idTag: string;
}

/** The dialog; `onSent` gets the recorded command. */
export function StartChargingModal(props: {
  stationId: number;
  deviceId: number;
  name: string;
  /** The charger's outlets (connector ids from 1). */
  outlets: number[];
  open: boolean;
  onClose: () => void;
  onSent: (row: ChargerCommandRow) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StartValues>();
  const action = useInlineAction('ocpp.errors.generic');
  const tags = useIdTags(props.stationId, props.open).data ?? [];
  const extra = { action: 'RemoteStartTransaction', deviceId: props.deviceId };
  const submit = (values: StartValues) =>
    action.run(async () => {
      const row = await sendChargerCommand({
        action: 'RemoteStartTransaction',
        deviceId: props.deviceId,
        idTag: values.idTag.trim(),
        ...(values.connectorId ? { connectorId: values.connectorId } : {}),
      });
      props.onSent(row);
      props.onClose();
    });
  return (
    <FormModal
      open={props.open}
      title={t('ocpp.start.title', { name: props.name })}
      form={form}
      pending={action.pending}
      error={action.error}
      okText={t('ocpp.start.ok')}
      onCancel={props.onClose}
      afterClose={() => {
        form.resetFields();
        action.clear();
      }}
    >
      <Form<StartValues>
        name="ocpp-start"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ connectorId: props.outlets.length === 1 ? props.outlets[0] : undefined }}
      >
        <Form.Item name="connectorId" label={t('ocpp.start.connector')}>
          <Select
            allowClear
            placeholder={t('ocpp.start.anyConnector')}
            options={props.outlets.map((id) => ({ value: id, label: t('ocpp.charger.connector', { id }) }))}
          />
        </Form.Item>
        <Form.Item
          name="idTag"
          label={t('ocpp.start.idTag')}
          extra={t('ocpp.start.idTagHint')}
          rules={[zodRule(StartSchema, 'idTag', extra)]}
        >
          <AutoComplete
            options={tags.map((tag) => ({
              value: tag.idTag,
              label: tag.name ? `${tag.idTag} · ${tag.name}` : tag.idTag,
            }))}
            filterOption={(input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
