/**
 * "Add charger" (docs/ocpp.md "Connecting a charger"): identity and name, then the key, shown only this
 * once with a copy button, and what to configure on the charger: the central system URL, subprotocol
 * ocpp1.6 and Basic auth (user = identity, password = key).
 */
import { ChargerAddBodySchema, type ChargerAdded } from '@ems/contract/api/ocpp';
import { Alert, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { zodRule } from '../../../shared/form/zod-rule';
import { FormModal } from '../../../shared/ui/form-modal';
import { addCharger } from '../api/charger-api';
import { centralSystemUrl, chargerUrl, OCPP_SUBPROTOCOL } from '../lib/connection';

interface AddValues {
  identity: string;
  name?: string;
}

/** The dialog for site `stationId`; `onAdded` runs once the charger exists (the card reads its list again). */
export function AddChargerModal(props: {
  stationId: number;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const action = useInlineAction('ocpp.errors.generic');
  const [added, setAdded] = useState<(ChargerAdded & { identity: string }) | null>(null);
  const extra = { stationId: props.stationId };
  const submit = (values: AddValues) =>
    action.run(
      async () => {
        const identity = values.identity.trim();
        const name = values.name?.trim();
        const answer = await addCharger({ stationId: props.stationId, identity, ...(name ? { name } : {}) });
        setAdded({ ...answer, identity });
        props.onAdded();
      },
      { form, fields: ['identity', 'name'] },
    );
  const reset = () => {
    form.resetFields();
    action.clear();
    setAdded(null);
  };
  if (added) {
    return (
      <Modal
        open={props.open}
        title={t('ocpp.add.doneTitle', { identity: added.identity })}
        onCancel={props.onClose}
        afterClose={reset}
        footer={
          <Button type="primary" onClick={props.onClose}>
            {t('ocpp.add.done')}
          </Button>
        }
        width={640}
      >
        <Alert type="warning" showIcon title={t('ocpp.add.keyOnce')} className="ocpp-key-alert" />
        <Descriptions column={1} size="small" bordered className="ocpp-connect">
          <Descriptions.Item label={t('ocpp.add.key')}>
            <Typography.Text code copyable data-testid="charger-key">
              {added.key}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('ocpp.add.url')}>
            <Typography.Text code copyable>
              {centralSystemUrl(window.location)}
            </Typography.Text>
            <div className="ocpp-muted">
              {t('ocpp.add.urlFull', { url: chargerUrl(window.location, added.identity) })}
            </div>
          </Descriptions.Item>
          <Descriptions.Item label={t('ocpp.add.subprotocol')}>
            <Typography.Text code>{OCPP_SUBPROTOCOL}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('ocpp.add.user')}>
            <Typography.Text code copyable>
              {added.identity}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('ocpp.add.password')}>{t('ocpp.add.passwordIsKey')}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph className="ocpp-muted ocpp-connect-note">
          {t('ocpp.add.profiles')}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <FormModal
      open={props.open}
      title={t('ocpp.add.title')}
      form={form}
      pending={action.pending}
      error={action.error}
      okText={t('ocpp.add.ok')}
      onCancel={props.onClose}
      afterClose={reset}
    >
      <Form<AddValues> name="ocpp-add-charger" form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="identity"
          label={t('ocpp.add.identity')}
          extra={t('ocpp.add.identityHint')}
          rules={[zodRule(ChargerAddBodySchema, 'identity', extra)]}
        >
          <Input autoComplete="off" maxLength={48} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('ocpp.add.name')}
          rules={[zodRule(ChargerAddBodySchema, 'name', extra)]}
        >
          <Input autoComplete="off" maxLength={50} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
