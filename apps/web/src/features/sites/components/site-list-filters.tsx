import { SITE_STATUSES } from '@ems/contract/api/site-list';
import type { SystemType } from '@ems/contract/constants';
import { Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../shared/ui/use-debounced';
import { AreaSelect } from '../../area';
import { useGroupTree } from '../../fleet/api/fleet-api';
import type { SiteListState } from '../lib/site-list-state';

/**
 * The site list's filter bar: text (name or address, sent 300 ms after typing stops), system type, the
 * caller's groups of that type, status and area (area tree: the sites in that area or under it).
 */
export function SiteListFilters({
  state,
  types,
  onChange,
}: {
  state: SiteListState;
  types: readonly SystemType[];
  onChange: (patch: Partial<SiteListState>) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(state.text);
  const debounced = useDebounced(text, 300);
  // Only a change typed here is sent: the URL's text (after back/forward) is shown as it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text triggers a change
  useEffect(() => {
    if (debounced !== state.text) onChange({ text: debounced });
  }, [debounced]);
  const groups = useGroupTree('', state.systemType).data ?? [];
  return (
    <div className="site-list-filters">
      <Input.Search
        allowClear
        className="site-list-search"
        placeholder={t('sites.search')}
        aria-label={t('sites.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => onChange({ text: v })}
      />
      <Select<SystemType>
        aria-label={t('sites.systemType')}
        value={state.systemType}
        options={types.map((v) => ({ value: v, label: t(`common.systemType.${v}`) }))}
        onChange={(systemType) => onChange({ systemType })}
      />
      <Select<number | null>
        aria-label={t('sites.group')}
        value={state.groupId}
        options={[
          { value: null, label: t('sites.allGroups') },
          ...groups.map((g) => ({ value: g.id, label: g.isDefault ? t('fleet.group.default') : g.name })),
        ]}
        onChange={(groupId) => onChange({ groupId })}
      />
      <Select<string | null>
        aria-label={t('sites.status')}
        value={state.status}
        options={[
          { value: null, label: t('sites.allStatuses') },
          ...SITE_STATUSES.map((s) => ({ value: s, label: t(`sites.statuses.${s}`) })),
        ]}
        onChange={(status) => onChange({ status: (status as SiteListState['status']) ?? null })}
      />
      <AreaSelect
        className="site-list-area"
        ariaLabel={t('sites.area')}
        placeholder={t('sites.allAreas')}
        value={state.areaCode}
        onChange={(areaCode) => onChange({ areaCode })}
      />
    </div>
  );
}
