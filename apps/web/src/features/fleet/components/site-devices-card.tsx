/**
 * The devices of a site for its owner (issue 7 §3; the list itself in device-list.tsx): add a device by
 * its two serial numbers, rename, move to another of the owner's sites, remove after a confirmation.
 */

import { PlusOutlined } from '@ant-design/icons';
import { DeviceAddBodySchema, DeviceEditBodySchema } from '@ems/contract/api/fleet';
import type { DeviceInfo } from '@ems/contract/api/station';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { toastSuccess } from '../../../shared/ui/feedback';
import { FormModal } from '../../../shared/ui/form-modal';
import { emptyOrError } from '../../../shared/ui/query-error';
import {
  addDevice,
  moveDevice,
  refreshSites,
  removeDevice,
  renameDevice,
  useGroupTree,
  useSiteBusLimits,
  useSiteDevices,
} from '../api/fleet-api';
import { type SiteBus, siteBus } from '../lib/site-bus';
import { DeviceList } from './device-list';

type Dialog = { kind: 'add' } | { kind: 'rename'; device: DeviceInfo } | { kind: 'move'; device: DeviceInfo };
const ADD_FIELDS = ['serialNumber', 'commSerialNumber', 'name'] as const;

/** The device management card of a site's page. */
export function SiteDevicesCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const devices = useSiteDevices(stationId);
  const bus = siteBus(useSiteBusLimits().data, devices.data?.length);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const remove = (d: DeviceInfo) =>
    modal.confirm({
      title: t('fleet.device.removeTitle', { name: d.name }),
      content: t('fleet.device.removeText'),
      okText: t('fleet.device.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await removeDevice(d.deviceId);
          toastSuccess(catalogueText('common.ok'));
        } catch (e) {
          toastUnlessShown(e, t('fleet.errors.generic'));
        } finally {
          await refreshSites(client);
        }
      },
    });

  return (
    <Card
      title={t('fleet.device.title')}
      className="fleet-devices-card"
      extra={
        <Space size="small">
          {bus && (
            <Typography.Text type="secondary" data-testid="site-bus-count">
              {t('fleet.device.busCount', { used: bus.used, max: bus.max })}
            </Typography.Text>
          )}
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            disabled={bus?.full}
            title={bus?.full ? t('fleet.device.busFull', { from: bus.from, to: bus.to }) : undefined}
            onClick={() => setDialog({ kind: 'add' })}
          >
            {t('fleet.device.add')}
          </Button>
        </Space>
      }
    >
      <DeviceList
        devices={devices.data ?? []}
        loading={devices.isPending}
        empty={emptyOrError(devices)}
        onRename={(device) => setDialog({ kind: 'rename', device })}
        onMove={(device) => setDialog({ kind: 'move', device })}
        onRemove={remove}
      />
      <DeviceDialog stationId={stationId} bus={bus} dialog={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}

/** What the site's bus still takes (configure/device/base/address/limit), shown before any typing. */
function BusNote({ bus }: { bus: SiteBus }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="fleet-bus-note"
      type={bus.full ? 'warning' : 'info'}
      showIcon
      data-testid="site-bus-note"
      title={
        bus.full
          ? t('fleet.device.busFull', { from: bus.from, to: bus.to })
          : t('fleet.device.busFree', { ...bus })
      }
    />
  );
}

/** Add, rename or move, by `dialog.kind`. */
function DeviceDialog({
  stationId,
  bus,
  dialog,
  onClose,
}: {
  stationId: number;
  bus: SiteBus | null;
  dialog: Dialog | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const client = useQueryClient();
  const { pending, error, run, clear } = useInlineAction('fleet.errors.generic');
  const sites = (useGroupTree().data ?? [])
    .flatMap((g) => g.subStations)
    .filter((s) => s.owned && s.stationId !== stationId);

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    if (dialog.kind === 'rename') form.setFieldsValue({ name: dialog.device.name });
  }, [dialog, form]);

  const save = (values: Record<string, string | number>) =>
    run(
      async () => {
        if (dialog?.kind === 'add') {
          await addDevice({
            stationId,
            serialNumber: String(values.serialNumber),
            commSerialNumber: String(values.commSerialNumber),
            ...(values.name ? { name: String(values.name) } : {}),
          });
        } else if (dialog?.kind === 'rename') {
          await renameDevice(dialog.device.deviceId, String(values.name));
        } else if (dialog?.kind === 'move') {
          await moveDevice(dialog.device.deviceId, Number(values.stationId));
        }
        toastSuccess(catalogueText('common.ok'));
        await refreshSites(client);
        onClose();
      },
      { form, fields: [...ADD_FIELDS, 'stationId'] },
    );

  const title =
    dialog?.kind === 'add'
      ? t('fleet.device.add')
      : dialog?.kind === 'rename'
        ? t('fleet.device.rename')
        : t('fleet.device.move');
  return (
    <FormModal
      open={dialog !== null}
      title={title}
      form={form}
      pending={pending}
      error={error}
      onCancel={() => {
        clear();
        onClose();
      }}
    >
      <Form noValidate form={form} layout="vertical" onFinish={save} name="device-form">
        {dialog?.kind === 'add' && (
          <>
            {bus && <BusNote bus={bus} />}
            <Form.Item
              name="serialNumber"
              label={t('fleet.device.serialNumber')}
              required
              rules={[zodRule(DeviceAddBodySchema, 'serialNumber', { stationId })]}
            >
              <Input maxLength={50} disabled={bus?.full} />
            </Form.Item>
            <Form.Item
              name="commSerialNumber"
              label={t('fleet.device.commSerialNumber')}
              required
              extra={t('fleet.device.serialHint')}
              rules={[zodRule(DeviceAddBodySchema, 'commSerialNumber', { stationId })]}
            >
              <Input maxLength={50} disabled={bus?.full} />
            </Form.Item>
          </>
        )}
        {dialog?.kind !== 'move' && (
          <Form.Item
            name="name"
            label={t('fleet.device.name')}
            required={dialog?.kind === 'rename'}
            rules={
              dialog?.kind === 'rename'
                ? [zodRule(DeviceEditBodySchema, 'name', { deviceId: dialog.device.deviceId })]
                : [zodRule(DeviceAddBodySchema, 'name', { stationId })]
            }
          >
            <Input maxLength={50} />
          </Form.Item>
        )}
        {dialog?.kind === 'move' && (
          <Form.Item
            name="stationId"
            label={t('fleet.device.moveTo')}
            required
            rules={[{ required: true, message: t('fleet.device.chooseSite') }]}
          >
            <Select options={sites.map((s) => ({ value: s.stationId, label: s.stationName }))} />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
