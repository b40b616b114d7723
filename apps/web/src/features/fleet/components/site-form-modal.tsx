/**
 * Create or edit a site (spec §3 Site, §5 rules from the contract's StationFieldsSchema, issue 7 §1):
 * name, system type and template, capacity in the type's unit (kWp, kW or kWh), address, coordinates,
 * time zone (sys_timezone), currency (sys_currencysymbol), country and the caller's group.
 */
import { capacityUnit, StationFieldsSchema } from '@ems/contract/api/fleet';
import type { StationBaseInfo } from '@ems/contract/api/station';
import { SYSTEM_TYPES, type SystemType } from '@ems/contract/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { api } from '../../../shared/http/client';
import { toastSuccess } from '../../../shared/ui/feedback';
import { FormModal } from '../../../shared/ui/form-modal';
import { AreaSelect } from '../../area';
import { AddressSearch, isOnMap, LocationPicker, useTilesConfig } from '../../map';
import {
  createStation,
  modifyStation,
  refreshSites,
  useCurrencies,
  useGroupTree,
  useSiteFormReferences,
} from '../api/fleet-api';
import { newSiteValues, SITE_FIELDS, type SiteFormValues, siteValues } from '../lib/site-form';

const rule = (field: (typeof SITE_FIELDS)[number]) => zodRule(StationFieldsSchema, field);

/** The site form in a dialog: `stationId` edits that site, else a new one of `systemType` is created. */
export function SiteFormModal({
  open,
  stationId,
  systemType,
  groupId,
  onClose,
  onSaved,
}: {
  open: boolean;
  stationId?: number | undefined;
  systemType: SystemType;
  groupId?: number | undefined;
  onClose: () => void;
  onSaved?: (stationId: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteFormValues>();
  const client = useQueryClient();
  const { pending, error, run, clear } = useInlineAction('fleet.errors.generic');
  const { templates, timeZones } = useSiteFormReferences();
  const currencies = useCurrencies().data ?? [];
  const groups = useGroupTree().data ?? [];
  const info = useQuery({
    queryKey: ['stations', 'baseinfo', stationId],
    queryFn: ({ signal }) =>
      api.get<StationBaseInfo>('/webpvesc/ajax/station/baseinfo', { stationId }, signal),
    enabled: open && stationId !== undefined,
  });
  const chosenType = (Form.useWatch('systemType', form) ?? systemType) as number;
  const longitude = Form.useWatch('longitude', form);
  const latitude = Form.useWatch('latitude', form);
  const country = Form.useWatch('country', form);
  const address = Form.useWatch('address', form);
  const point = [Number(longitude ?? Number.NaN), Number(latitude ?? Number.NaN)];
  const searchOn = useTilesConfig().data?.search === true;
  // What an area choice did to the country field, said under the area (it never changes silently).
  const [countryNote, setCountryNote] = useState<string | null>(null);

  const place = ([lon, lat]: [number, number]) => {
    form.setFieldsValue({ longitude: lon, latitude: lat });
    void form.validateFields(['longitude', 'latitude']).catch(() => undefined);
  };
  const countryFromArea = (next: string) => {
    const previous = String(form.getFieldValue('country') ?? '').toUpperCase();
    if (previous === next) return setCountryNote(null);
    form.setFieldValue('country', next);
    setCountryNote(
      previous
        ? t('fleet.site.countryChanged', { country: next, previous })
        : t('fleet.site.countrySet', { country: next }),
    );
  };

  useEffect(() => {
    if (!open) return;
    setCountryNote(null);
    form.resetFields();
    if (stationId === undefined) form.setFieldsValue(newSiteValues(systemType, groupId));
    else if (info.data) form.setFieldsValue(siteValues(info.data));
  }, [open, stationId, info.data, systemType, groupId, form]);

  const save = (values: SiteFormValues) =>
    run(
      async () => {
        let id = stationId;
        if (id === undefined) id = await createStation(values);
        else await modifyStation(id, values);
        toastSuccess(catalogueText('common.ok'));
        await refreshSites(client);
        onSaved?.(id);
        onClose();
      },
      { form, fields: SITE_FIELDS },
    );

  return (
    <FormModal
      open={open}
      title={t(stationId === undefined ? 'fleet.site.createTitle' : 'fleet.site.editTitle')}
      form={form}
      pending={pending}
      error={error}
      onCancel={() => {
        clear();
        onClose();
      }}
    >
      <Form<SiteFormValues> form={form} layout="vertical" onFinish={save} name="site-form">
        <Form.Item name="stationName" label={t('fleet.site.name')} rules={[rule('stationName')]} required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="systemType" label={t('fleet.site.systemType')} rules={[rule('systemType')]} required>
          <Select
            options={SYSTEM_TYPES.map((v) => ({ value: v, label: t(`common.systemType.${v}`) }))}
            onChange={() => form.setFieldValue('templateCode', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="templateCode"
          label={t('fleet.site.template')}
          rules={[rule('templateCode')]}
          required
        >
          <Select
            options={templates
              .filter((tpl) => tpl.systemType === chosenType)
              .map((tpl) => ({ value: tpl.templateCode, label: tpl.name }))}
          />
        </Form.Item>
        <Form.Item name="capacity" label={t('fleet.site.capacity')} rules={[rule('capacity')]} required>
          <InputNumber min={0} style={{ width: '100%' }} suffix={capacityUnit(chosenType)} />
        </Form.Item>
        <Form.Item name="address" label={t('fleet.site.address')} rules={[rule('address')]} required>
          <Input maxLength={90} />
        </Form.Item>
        {searchOn && (
          <Form.Item label={t('fleet.site.findAddress')}>
            <AddressSearch
              key={String(open)}
              initial={typeof address === 'string' ? address : ''}
              onChoose={(p) => place([p.longitude, p.latitude])}
            />
          </Form.Item>
        )}
        <div className="fleet-form-row">
          <Form.Item name="longitude" label={t('fleet.site.longitude')} rules={[rule('longitude')]} required>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="latitude" label={t('fleet.site.latitude')} rules={[rule('latitude')]} required>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item extra={t('fleet.site.mapHint')} className="fleet-location">
          {open && (
            <LocationPicker
              label={t('fleet.site.mapLabel')}
              value={isOnMap(point) ? point : null}
              onPick={place}
            />
          )}
        </Form.Item>
        <Form.Item name="timeZone" label={t('fleet.site.timeZone')} rules={[rule('timeZone')]} required>
          <Select showSearch options={timeZones.map((z) => ({ value: z.dictValue, label: z.dictLabel }))} />
        </Form.Item>
        <div className="fleet-form-row">
          <Form.Item name="currency" label={t('fleet.site.currency')} rules={[rule('currency')]} required>
            <Select
              showSearch
              options={currencies.map((c) => ({
                value: c.dictValue,
                label: `${c.dictValue} ${c.dictLabel}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="country" label={t('fleet.site.country')} rules={[rule('country')]}>
            <Input maxLength={2} />
          </Form.Item>
        </div>
        <Form.Item
          name="areaCode"
          label={t('fleet.site.area')}
          rules={[rule('areaCode')]}
          extra={countryNote && <span data-testid="country-note">{countryNote}</span>}
        >
          <AreaSelect
            ariaLabel={t('fleet.site.area')}
            placeholder={t('fleet.site.areaHint')}
            country={typeof country === 'string' ? country : null}
            onCountry={countryFromArea}
          />
        </Form.Item>
        <Form.Item name="groupId" label={t('fleet.site.group')}>
          <Select
            allowClear
            placeholder={t('fleet.group.default')}
            options={groups.map((g) => ({
              value: g.id,
              label: g.isDefault ? t('fleet.group.default') : g.name,
            }))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
