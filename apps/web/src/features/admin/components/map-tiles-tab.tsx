import { MapTilesBodySchema, type MapTilesSettings } from '@ems/contract/api/map-tiles';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import {
  type MapTilesInput,
  mapTilesQueryOptions,
  saveMapTiles,
  useMapTilesSettings,
} from '../api/map-tiles';

const FIELDS = ['tileUrl', 'attribution', 'searchUrl'] as const;
const rule = (field: (typeof FIELDS)[number]) => zodRule(MapTilesBodySchema, field);

function MapTilesForm({ settings }: { settings: MapTilesSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MapTilesInput>();
  const { pending, error, run } = useInlineAction('admin.errors.generic');
  const save = (values: MapTilesInput) =>
    run(
      async () => {
        await saveMapTiles(values);
        await queryClient.invalidateQueries({ queryKey: mapTilesQueryOptions().queryKey });
        await queryClient.invalidateQueries({ queryKey: ['map', 'tiles'] });
        toastSuccess(catalogueText('common.ok'));
      },
      { form, fields: FIELDS },
    );
  return (
    <Form<MapTilesInput>
      noValidate
      name="map-tiles"
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={pending}
      onFinish={save}
      initialValues={{
        tileUrl: settings.tileUrl ?? '',
        attribution: settings.attribution ?? '',
        searchUrl: settings.searchUrl ?? '',
      }}
    >
      <Form.Item
        label={t('map.tiles.url')}
        name="tileUrl"
        rules={[rule('tileUrl')]}
        extra={t('map.tiles.urlHint')}
      >
        <Input placeholder="https://tile.example.org/{z}/{x}/{y}.png" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('map.tiles.attribution')}
        name="attribution"
        rules={[rule('attribution')]}
        extra={t('map.tiles.attributionHint')}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('map.tiles.searchUrl')}
        name="searchUrl"
        rules={[rule('searchUrl')]}
        extra={t('map.tiles.searchUrlHint')}
      >
        <Input placeholder="https://nominatim.example.org/search?format=jsonv2&q={q}" autoComplete="off" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('map.tiles.save')}
      </Button>
    </Form>
  );
}

/**
 * The console's map tab (issue 7 item 7): the street-tile server of the maps. Without one the maps show
 * only the bundled country outlines; with one, the server fetches the tiles (the browser needs no access).
 */
export function MapTilesTab() {
  const { t } = useTranslation();
  const settings = useMapTilesSettings();
  return (
    <Card size="small" title={t('map.tiles.title')}>
      <Typography.Paragraph type="secondary">{t('map.tiles.intro')}</Typography.Paragraph>
      {settings.data ? (
        <MapTilesForm settings={settings.data} />
      ) : settings.isError ? (
        <QueryError error={settings.error} />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
