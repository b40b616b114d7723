import { SELECTION_CAPS } from '@ems/contract/constants';
import { DatePicker, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dayPickerFormat } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { getSystemType } from '../../../shared/session/preferences';
import { useStationList } from '../../dashboard/api/get-station-list';
import { useGroupTree } from '../../fleet/api/fleet-api';
import { groupOptions, REPORT_SCOPES, type ReportScope, switchScope } from '../lib/report-scope';

/** Spec §5: multi-selects hold at most 10 items (the largest selection cap). */
const MAX_SITES = SELECTION_CAPS[2];
const PICKER = { 1: 'date', 2: 'month', 3: 'year' } as const;

/** The report page's choice: scope, period kind and site-local date `YYYY-MM-DD`. */
export interface ReportFilterValue {
  scope: ReportScope;
  statisticsType: 1 | 2 | 3;
  searchDate: string;
}

/**
 * The report page's filter bar (UX.md "Reports": sites, period, granularity): All my sites | Group |
 * Sites, then the group chooser (the caller's groups with their site counts) or the site multi-select,
 * then Day | Month | Year and a date. Every control is a native-focusable antd control (Tab, arrows,
 * Enter); below 992 px the controls stack full width (report.css).
 */
export function ReportFilters({
  value,
  onChange,
}: {
  value: ReportFilterValue;
  onChange: (next: ReportFilterValue) => void;
}) {
  const { t } = useTranslation();
  const sites = useStationList(getSystemType());
  // Every group, whatever the top bar's type: a group report covers all of its sites.
  const groups = useGroupTree();
  const groupList = groups.data ?? [];
  const { scope, statisticsType, searchDate } = value;
  const setScope = (next: ReportScope) => onChange({ ...value, scope: next });

  return (
    <div className="report-filters">
      <Segmented
        className="report-scope"
        aria-label={t('history.report.scope.label')}
        value={scope.kind}
        onChange={(kind) => setScope(switchScope(scope, kind, groupList))}
        options={REPORT_SCOPES.map((k) => ({ value: k, label: t(`history.report.scope.${k}`) }))}
      />
      {scope.kind === 'group' && (
        <Select<number>
          className="report-target"
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('history.report.group')}
          placeholder={t('history.report.group')}
          loading={groups.isLoading}
          value={scope.groupId ?? undefined}
          notFoundContent={t('history.report.noGroups')}
          options={groupOptions(groupList, t('history.report.defaultGroup'))}
          onChange={(groupId) => setScope({ ...scope, groupId })}
        />
      )}
      {scope.kind === 'sites' && (
        <Select
          className="report-target"
          mode="multiple"
          allowClear
          placeholder={t('history.report.chooseSites')}
          aria-label={t('history.report.sites')}
          value={scope.stationIds}
          maxCount={MAX_SITES}
          loading={sites.isLoading}
          optionFilterProp="label"
          options={(sites.data?.rows ?? []).map((s) => ({ value: s.stationId, label: s.stationName }))}
          onChange={(stationIds: number[]) => setScope({ ...scope, stationIds })}
        />
      )}
      <Segmented<1 | 2 | 3>
        aria-label={t('history.report.granularity')}
        value={statisticsType}
        onChange={(p) => onChange({ ...value, statisticsType: p })}
        options={([1, 2, 3] as const).map((p) => ({ value: p, label: t(`history.period.${p}`) }))}
      />
      <DatePicker
        className="report-date"
        picker={PICKER[statisticsType]}
        format={dayPickerFormat(PICKER[statisticsType], currentLanguageCode())}
        value={dayjs(searchDate)}
        allowClear={false}
        onChange={(d) => d && onChange({ ...value, searchDate: d.format('YYYY-MM-DD') })}
        aria-label={t('history.pickDate')}
      />
    </div>
  );
}
