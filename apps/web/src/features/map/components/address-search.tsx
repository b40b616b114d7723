import type { GeocodePlace } from '@ems/contract/api/map-tiles';
import { Alert, Button, Input, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineErrorText } from '../../../shared/form/server-error';
import { searchAddress } from '../api/tiles-api';

/**
 * Address search of the site form (issue 24 item 4): the typed address goes to the administrator's
 * search (server map/geocode) and the places found are listed; choosing one hands it to `onChoose`.
 * Shown only where the administrator set a tile server and a search (map/tiles/config `search`).
 */
export function AddressSearch({
  initial,
  onChoose,
}: {
  /** Text the box starts with (the form's address). */
  initial: string;
  onChoose: (place: GeocodePlace) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [places, setPlaces] = useState<GeocodePlace[] | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const value = text ?? initial;

  const search = async (q: string) => {
    if (q.trim().length < 2) return;
    setPending(true);
    setError(null);
    try {
      setPlaces(await searchAddress(q.trim()));
    } catch (e) {
      setPlaces(null);
      setError(inlineErrorText(e, t('fleet.site.searchFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="address-search">
      <Input.Search
        aria-label={t('fleet.site.searchAddress')}
        placeholder={t('fleet.site.searchAddress')}
        value={value}
        onChange={(e) => setText(e.target.value)}
        onSearch={(q) => void search(q)}
        enterButton={t('fleet.site.searchButton')}
        loading={pending}
        maxLength={200}
      />
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      {places && (
        <List
          size="small"
          className="address-search-results"
          locale={{ emptyText: t('fleet.site.searchNone') }}
          dataSource={places}
          renderItem={(p) => (
            <List.Item
              actions={[
                <Button
                  key="use"
                  size="small"
                  onClick={() => {
                    onChoose(p);
                    setPlaces(null);
                  }}
                >
                  {t('fleet.site.usePlace')}
                </Button>,
              ]}
            >
              {p.name}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
