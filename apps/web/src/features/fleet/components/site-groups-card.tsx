/**
 * The caller's groups as a tree beside the site list (issue 7 §2, spec §3 Group): each group with its
 * capacity (its sites' sums, one per unit) and its sites of the top bar's system type; new group, rename,
 * delete (its sites go back to the default group); add, edit and delete a site. Clicking a site opens its station page.
 */

import { DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import type { GroupNode } from '@ems/contract/api/fleet';
import { capacityUnit } from '@ems/contract/api/fleet';
import type { SystemType } from '@ems/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Space, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryError } from '../../../shared/ui/query-error';
import { useDebounced } from '../../../shared/ui/use-debounced';
import { refreshSites, useGroupTree } from '../api/fleet-api';
import { useDeleteGroup } from './group-delete';
import { GroupNameModal } from './group-name-modal';
import { useDeleteSite } from './site-delete';
import { SiteFormModal } from './site-form-modal';

/** The group tree card of the dashboard; `systemType` is the top bar's type, preset for new sites. */
export function SiteGroupsCard({ systemType }: { systemType: SystemType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const filter = useDebounced(text, 300);
  const tree = useGroupTree(filter.trim(), systemType);
  const [siteForm, setSiteForm] = useState<{ stationId?: number; groupId?: number } | null>(null);
  const [naming, setNaming] = useState<{ id?: number; name?: string } | null>(null);
  const deleteSite = useDeleteSite();
  const deleteGroup = useDeleteGroup(() => refreshSites(client));
  const groupLabel = (g: GroupNode) => (g.isDefault ? t('fleet.group.default') : g.name);

  const data: TreeDataNode[] = (tree.data ?? []).map((g) => ({
    key: `g${g.id}`,
    selectable: false,
    title: (
      <span className="fleet-tree-row" data-testid={`group-${groupLabel(g)}`}>
        <span className="fleet-tree-text">
          <span className="fleet-tree-name" title={groupLabel(g)}>
            {groupLabel(g)}
          </span>
          {g.capacities.length > 0 && (
            <span className="fleet-tree-sub">
              {t('fleet.group.capacity', {
                value: g.capacities.map((c) => `${c.value.toLocaleString()} ${c.unit}`).join(' · '),
              })}
            </span>
          )}
        </span>
        <Space size={0} className="fleet-tree-actions">
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            title={t('fleet.site.add')}
            aria-label={t('fleet.site.addTo', { group: groupLabel(g) })}
            onClick={() => setSiteForm({ groupId: g.id })}
          />
          {!g.isDefault && (
            <>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                title={t('fleet.group.rename')}
                aria-label={t('fleet.group.renameNamed', { group: g.name })}
                onClick={() => setNaming({ id: g.id, name: g.name })}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                title={t('fleet.group.delete')}
                aria-label={t('fleet.group.deleteNamed', { group: g.name })}
                onClick={() => deleteGroup(g)}
              />
            </>
          )}
        </Space>
      </span>
    ),
    children: g.subStations.map((s) => ({
      key: `s${s.stationId}`,
      isLeaf: true,
      title: (
        <span className="fleet-tree-row">
          <span className="fleet-tree-text">
            <span className="fleet-tree-name" title={s.stationName}>
              {s.stationName}
            </span>
            <span className="fleet-tree-sub">
              {s.capacity.toLocaleString()} {capacityUnit(s.systemType)}
            </span>
          </span>
          {s.owned && (
            <Space size={0} className="fleet-tree-actions">
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                title={t('fleet.site.edit')}
                aria-label={t('fleet.site.editNamed', { name: s.stationName })}
                onClick={(e) => {
                  e.stopPropagation();
                  setSiteForm({ stationId: s.stationId });
                }}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                title={t('fleet.delete')}
                aria-label={t('fleet.site.deleteNamed', { name: s.stationName })}
                onClick={(e) => {
                  e.stopPropagation();
                  deleteSite(s);
                }}
              />
            </Space>
          )}
        </span>
      ),
    })),
  }));

  return (
    <Card title={t('fleet.group.title')} className="fleet-groups-card">
      {/* The actions sit in the body, not the header: beside them a 240 px card cut its title to "G". */}
      <Space wrap size={8} className="fleet-tree-toolbar">
        <Button size="small" icon={<FolderAddOutlined />} onClick={() => setNaming({})}>
          {t('fleet.group.create')}
        </Button>
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setSiteForm({})}>
          {t('fleet.site.add')}
        </Button>
      </Space>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('fleet.group.search')}
        aria-label={t('fleet.group.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="fleet-tree-search"
      />
      {tree.isError && !tree.data ? (
        <QueryError error={tree.error} />
      ) : tree.data && tree.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          // Remount when a group or a site comes or goes, so new ones show expanded.
          key={(tree.data ?? []).map((g) => `${g.id}:${g.subStations.length}`).join(',')}
          treeData={data}
          onSelect={(keys) => {
            const key = String(keys[0] ?? '');
            if (key.startsWith('s')) navigate(`/station?stationId=${key.slice(1)}`);
          }}
        />
      )}
      <SiteFormModal
        open={siteForm !== null}
        stationId={siteForm?.stationId}
        groupId={siteForm?.groupId}
        systemType={systemType}
        onClose={() => setSiteForm(null)}
      />
      <GroupNameModal value={naming} onClose={() => setNaming(null)} />
    </Card>
  );
}
