/**
 * Choosing a superior station (issue 24 item 7, docs/social.md "Station attachment"): a select with search
 * over the sites the caller knows by name, their own and those shared with them, each shown with its id.
 * Another owner's site the caller cannot read is named by its id, which that owner gives them: typing a
 * number offers "Station no. N". The server accepts any id as an ask and tells nothing about it.
 */
import { INT32_MAX } from '@ems/contract/bounds';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupTree } from '../../fleet/api/fleet-api';

/** A chosen superior: its id and the label it was chosen by (a name, or "Station no. N"). */
export interface SuperiorChoice {
  id: number;
  label: string;
}

interface Props {
  /** Ids that cannot be chosen (the subordinate itself, its current superior). */
  exclude: readonly number[];
  value: SuperiorChoice | undefined;
  onChange(choice: SuperiorChoice | undefined): void;
  ariaLabel: string;
  style?: React.CSSProperties;
}

/** A whole number the user typed, when it can be a station id. */
function typedId(search: string): number | undefined {
  const text = search.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= INT32_MAX ? id : undefined;
}

/** The superior-station select of the Attachments tab and of the Move dialog. */
export function SuperiorSelect({ exclude, value, onChange, ariaLabel, style }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sites = (useGroupTree().data ?? [])
    .flatMap((g) => g.subStations)
    .filter((s) => !exclude.includes(s.stationId));
  const option = (s: { stationId: number; stationName: string }) => ({
    value: s.stationId,
    label: `${s.stationName} (${s.stationId})`,
  });
  const own = sites.filter((s) => s.owned).map(option);
  const shared = sites.filter((s) => !s.owned).map(option);
  const id = typedId(search);
  const byId =
    id !== undefined && !exclude.includes(id) && !sites.some((s) => s.stationId === id)
      ? [{ value: id, label: t('social.links.siteById', { id }) }]
      : [];
  const groups = [
    { label: t('social.links.ownSites'), title: 'own', options: own },
    { label: t('social.links.sharedSites'), title: 'shared', options: shared },
    { label: t('social.links.otherSite'), title: 'other', options: byId },
  ].filter((g) => g.options.length > 0);
  const labels = new Map([...own, ...shared, ...byId].map((o) => [o.value, o.label]));
  return (
    <Select<number>
      style={style}
      placeholder={t('social.links.pickSuper')}
      aria-label={ariaLabel}
      value={value?.id}
      labelRender={() => value?.label}
      allowClear
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        // The "Station no. N" option always shows for the number typed; names match anywhere, any case.
        filterOption: (input, o) =>
          o?.value === id ||
          String(o?.label ?? '')
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
      }}
      notFoundContent={t('social.links.noSites')}
      options={groups}
      onChange={(v) => {
        setSearch('');
        onChange(v === undefined ? undefined : { id: v, label: labels.get(v) ?? String(v) });
      }}
    />
  );
}
