import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { groupTreeQueryOptions } from '../../features/fleet';
import { currentLanguageCode } from '../../shared/i18n/current-language';
import { useDebounced } from '../../shared/ui/use-debounced';
import { siteMatches } from '../lib/site-matches';

/**
 * Site search of the top bar (spec §2): every site the user can see, of every system type (filter/tree
 * without a type), by name or address (or its group's name), each with its type. Choosing one, by
 * mouse or by Enter on the highlighted one, opens /station?stationId=…; Enter pressed before the
 * answer to the text as typed arrives opens its first match once it does.
 */
export function SiteSearch({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(false);
  const [enterPending, setEnterPending] = useState(false);
  const query = useDebounced(text.trim(), 300);
  const result = useQuery({ ...groupTreeQueryOptions(query), enabled: active, staleTime: 30_000 });
  const settled = query === text.trim() && !result.isFetching && result.isSuccess;
  const rows = siteMatches(result.data ?? [], currentLanguageCode());

  const open = (stationId: number | string) => {
    setText('');
    setEnterPending(false);
    navigate(`/station?stationId=${stationId}`);
    onChosen?.();
  };
  const first = rows[0];
  useEffect(() => {
    if (enterPending && settled && first) open(first.stationId);
  });

  // Only the answer to the text as typed is offered: while the pause in typing runs, the list shown would
  // be the previous text's (all sites after focusing), and Enter would open its first, another site.
  const current = query === text.trim() ? rows : [];
  const options = current.map((r) => ({
    value: String(r.stationId),
    label: (
      <div className="search-option">
        <span className="search-option-head">
          <span className="search-option-name">{r.stationName}</span>
          <Tag className="search-option-type">{t(`common.systemType.${r.systemType}`)}</Tag>
        </span>
        <small>{r.address}</small>
      </div>
    ),
  }));
  return (
    <AutoComplete
      className="site-search"
      options={options}
      value={text}
      onChange={(v) => {
        setText(v);
        setEnterPending(false);
      }}
      onFocus={() => setActive(true)}
      onSelect={(stationId: string) => open(stationId)}
      onInputKeyDown={(e) => {
        // With options shown, Enter picks the highlighted one (onSelect); before they arrive, wait for them.
        if (e.key === 'Enter' && text.trim() && !(settled && rows.length > 0)) setEnterPending(true);
      }}
      defaultActiveFirstOption
      notFoundContent={active && settled ? t('app.topBar.noSites') : null}
      popupMatchSelectWidth={360}
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
