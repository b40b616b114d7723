import { MAX_COMPARE_SITES } from '@ems/contract/api/station';
import { Alert, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowedSelection } from '../lib/compare-query';
import type { SiteChoice } from '../lib/compare-sites';

/**
 * The comparison's site chooser: an antd multi-select searched by name (type, arrows, Enter; Backspace
 * removes the last), with a "2 of 4" count. A fifth choice is refused by the contract's cap rule
 * (CompareSitesSchema) and a warning says why until the selection changes; options stay enabled, so
 * trying is possible and gets the message instead of a silent no.
 */
export function CompareSiteSelect({
  value,
  choices,
  loading,
  onChange,
}: {
  value: readonly number[];
  choices: readonly SiteChoice[];
  loading: boolean;
  onChange: (next: number[]) => void;
}) {
  const { t } = useTranslation();
  const [capHit, setCapHit] = useState(false);
  return (
    <div className="compare-sites">
      <Select<number[]>
        className="compare-sites-select"
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('history.compare.sites')}
        placeholder={t('history.compare.choose', { max: MAX_COMPARE_SITES })}
        value={[...value]}
        loading={loading}
        options={[...choices]}
        status={capHit ? 'warning' : undefined}
        notFoundContent={t('history.compare.noSites')}
        onChange={(next) => {
          const allowed = isAllowedSelection(next);
          setCapHit(!allowed);
          if (allowed) onChange(next);
        }}
      />
      <Typography.Text type="secondary" className="compare-count">
        {t('history.compare.count', { n: value.length, max: MAX_COMPARE_SITES })}
      </Typography.Text>
      {capHit && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="compare-cap"
          title={t('history.compare.cap', { max: MAX_COMPARE_SITES })}
        />
      )}
    </div>
  );
}
