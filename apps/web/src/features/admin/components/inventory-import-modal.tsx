import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { INVENTORY_IMPORT_MAX } from '@ems/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from '../../../shared/form/server-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { type ImportedSecrets, importInventory } from '../api/inventory';
import { type CsvProblem, type InventoryDevice, parseInventoryCsv, secretsCsv } from '../lib/inventory-csv';

/** Offers `text` as a file download named `name`. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Import of a manufacturer's CSV into the inventory (issue 24 item 9): choose the file, see what it
 * holds and which lines break a rule, import, then download the MQTT secrets. The server keeps only
 * their hashes, so the secrets live in this dialog alone: closing it forgets them.
 */
export function InventoryImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<string | null>(null);
  const [devices, setDevices] = useState<InventoryDevice[]>([]);
  const [problems, setProblems] = useState<CsvProblem[]>([]);
  const [secrets, setSecrets] = useState<ImportedSecrets | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setDevices([]);
    setProblems([]);
    setSecrets(null);
    setDownloaded(false);
    setError(null);
  };
  const read = async (chosen: File) => {
    reset();
    const parsed = parseInventoryCsv(await chosen.text(), currentLanguageCode());
    setFile(chosen.name);
    setDevices(parsed.devices);
    setProblems(parsed.problems);
  };
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      setSecrets(await importInventory(devices));
      await client.invalidateQueries({ queryKey: ['admin', 'inventory'] });
    } catch (e) {
      setError(inlineErrorText(e, t('admin.errors.generic')));
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    reset();
    onClose();
  };
  const tooMany = devices.length > INVENTORY_IMPORT_MAX;
  const withOcpp = secrets?.some((s) => s.protocol === 'ocpp') ?? false;
  const problemText = (p: CsvProblem) =>
    p.message === 'columns' ? t('admin.inventory.columnsMissing', { columns: p.field }) : p.message;

  const footer = secrets ? (
    <Space wrap>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        onClick={() => {
          download(`device-secrets-${new Date().toISOString().slice(0, 10)}.csv`, secretsCsv(secrets));
          setDownloaded(true);
        }}
      >
        {t('admin.inventory.downloadSecrets')}
      </Button>
      <Button onClick={close}>{t('admin.inventory.done')}</Button>
    </Space>
  ) : (
    <Space wrap>
      <Button onClick={close}>{t('common.actions.cancel')}</Button>
      <Button
        type="primary"
        loading={pending}
        disabled={devices.length === 0 || problems.length > 0 || tooMany}
        onClick={() => void submit()}
      >
        {t('admin.inventory.importCount', { count: devices.length })}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={t('admin.inventory.importTitle')}
      onCancel={close}
      footer={footer}
      width={720}
      maskClosable={false}
      destroyOnHidden
    >
      {secrets ? (
        <Space orientation="vertical" className="full-width">
          <Alert
            type={downloaded ? 'success' : 'warning'}
            showIcon
            title={t(downloaded ? 'admin.inventory.secretsSaved' : 'admin.inventory.secretsOnce', {
              count: secrets.length,
            })}
          />
          {withOcpp && <Typography.Text type="secondary">{t('admin.inventory.ocppKeys')}</Typography.Text>}
          <Table
            rowKey="serialNumber"
            size="small"
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            dataSource={secrets}
            columns={[
              { title: t('admin.inventory.serialNumber'), dataIndex: 'serialNumber' },
              {
                title: t('admin.inventory.commSerialNumber'),
                dataIndex: 'commSerialNumber',
                responsive: ['sm'],
              },
              ...(withOcpp
                ? [
                    {
                      title: t('admin.inventory.protocol'),
                      dataIndex: 'protocol',
                      render: (p: string) => p.toUpperCase(),
                    },
                  ]
                : []),
              {
                title: t('admin.inventory.secret'),
                dataIndex: 'secret',
                render: (s: string) => (
                  <Typography.Text code copyable className="inventory-secret">
                    {s}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Space>
      ) : (
        <Space orientation="vertical" className="full-width">
          <Typography.Paragraph type="secondary">{t('admin.inventory.csvHint')}</Typography.Paragraph>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(f) => {
              void read(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('admin.inventory.chooseFile')}</Button>
          </Upload>
          {file && (
            <Typography.Text data-testid="inventory-file-summary">
              {t('admin.inventory.fileSummary', { file, count: devices.length })}
            </Typography.Text>
          )}
          {tooMany && (
            <Alert
              type="error"
              showIcon
              title={t('admin.inventory.tooMany', { max: INVENTORY_IMPORT_MAX })}
            />
          )}
          {problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('admin.inventory.problems', { count: problems.length })}
              description={
                <ul className="inventory-problems">
                  {problems.slice(0, 10).map((p) => (
                    <li key={`${p.line}-${p.field}`}>
                      {t('admin.inventory.problemLine', {
                        line: p.line,
                        field: p.field,
                        message: problemText(p),
                      })}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          {error && <Alert type="error" showIcon title={error} role="alert" />}
        </Space>
      )}
    </Modal>
  );
}
