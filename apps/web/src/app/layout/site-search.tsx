import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStationSearch } from '../../features/dashboard/api/get-station-list';
import { getSystemType } from '../../shared/session/preferences';
import { useDebounced } from '../../shared/ui/use-debounced';

/** Site search of the top bar (spec §2): sites of the chosen system type by name; choosing one opens it. */
export function SiteSearch({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(false);
  const query = useDebounced(text.trim(), 300);
  const result = useStationSearch(getSystemType(), query, active);
  const options = (result.data?.rows ?? []).map((r) => ({
    value: String(r.stationId),
    label: (
      <div className="search-option">
        <span>{r.stationName}</span>
        <small>{r.address}</small>
      </div>
    ),
  }));
  return (
    <AutoComplete
      className="site-search"
      options={options}
      value={text}
      onChange={setText}
      onFocus={() => setActive(true)}
      onSelect={(stationId: string) => {
        setText('');
        navigate(`/station?stationId=${stationId}`);
        onChosen?.();
      }}
      notFoundContent={active && result.isFetched ? t('app.topBar.noSites') : null}
      popupMatchSelectWidth={320}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('app.topBar.searchSites')}
        aria-label={t('app.topBar.searchSites')}
        allowClear
      />
    </AutoComplete>
  );
}
