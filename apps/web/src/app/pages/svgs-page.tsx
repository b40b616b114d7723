import { CopyOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatteryLevelIcon, FlowGlyph } from '../../features/station/components/flow-glyphs';
import { PlatformLogo } from '../../shared/ui/brand';
import { toastError, toastSuccess } from '../../shared/ui/feedback';
import { ANT_ICONS, FLOW_GLYPHS, matchesIcon } from '../lib/icon-set';
import './svgs-page.css';

interface Tile {
  name: string;
  view: ReactNode;
}

const GROUPS: ReadonlyArray<{ titleKey: string; tiles: Tile[] }> = [
  {
    titleKey: 'app.svgs.interface',
    tiles: ANT_ICONS.map(({ name, Icon }) => ({ name, view: <Icon /> })),
  },
  {
    titleKey: 'app.svgs.energy',
    tiles: [
      ...FLOW_GLYPHS.map((node) => ({
        name: `FlowGlyph:${node}`,
        view: (
          <svg viewBox="-12 -12 24 24" width="28" height="28" aria-hidden="true">
            <FlowGlyph node={node} />
          </svg>
        ),
      })),
      ...[0, 1, 2, 3, 4, 5].map((step) => ({
        name: `BatteryLevelIcon:${step}`,
        view: (
          <svg viewBox="-2 -2 34 16" width="40" height="20" aria-hidden="true">
            <BatteryLevelIcon step={step} x={0} y={0} />
          </svg>
        ),
      })),
    ],
  },
  {
    titleKey: 'app.svgs.brand',
    tiles: (['east', 'common'] as const).map((mode) => ({
      name: `PlatformLogo:${mode}`,
      view: <PlatformLogo mode={mode} size={32} />,
    })),
  },
];

/**
 * /svgs (spec §2): every icon the app uses (interface icons, energy-flow glyphs, battery levels,
 * platform logos) in a searchable grid with names; a click copies the name.
 */
export function SvgsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const copy = (name: string) => {
    navigator.clipboard
      .writeText(name)
      .then(() => toastSuccess(t('app.svgs.copied', { name })))
      .catch(() => toastError(t('app.svgs.copyFailed', { name })));
  };
  const groups = GROUPS.map((g) => ({
    ...g,
    tiles: g.tiles.filter((tile) => matchesIcon(tile.name, query)),
  }));
  const count = groups.reduce((n, g) => n + g.tiles.length, 0);
  return (
    <section className="page svgs-page">
      <Typography.Title level={3} className="svgs-title">
        {t('app.routes.svgs')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('app.pages.svgs')}</Typography.Paragraph>
      <Input
        prefix={<SearchOutlined />}
        allowClear
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('app.svgs.search')}
        aria-label={t('app.svgs.search')}
        className="svgs-search"
      />
      {count === 0 && <Empty description={t('app.svgs.none')} />}
      {groups
        .filter((g) => g.tiles.length > 0)
        .map((g) => (
          <div key={g.titleKey}>
            <Typography.Title level={5}>
              {t(g.titleKey)} <span className="svgs-count">{g.tiles.length}</span>
            </Typography.Title>
            <ul className="svgs-grid">
              {g.tiles.map((tile) => (
                <li key={tile.name}>
                  <button
                    type="button"
                    className="svgs-tile"
                    onClick={() => copy(tile.name)}
                    title={t('app.svgs.copy', { name: tile.name })}
                  >
                    <span className="svgs-view">{tile.view}</span>
                    <span className="svgs-name">{tile.name}</span>
                    <CopyOutlined className="svgs-copy" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
