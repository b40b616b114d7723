import { Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppVersionsTab } from '../components/app-versions-tab';
import { Co2FactorsTab } from '../components/co2-factors-tab';
import { DictionariesTab } from '../components/dictionaries-tab';
import { IngestTab } from '../components/ingest-tab';
import { InventoryTab } from '../components/inventory-tab';
import { LanguagesTab } from '../components/languages-tab';
import { MapTilesTab } from '../components/map-tiles-tab';
import { OutboxTab } from '../components/outbox-tab';
import { PlanOrdersTab } from '../components/plan-orders-tab';
import { PushAccountTab } from '../components/push-account-tab';
import { PushOutboxesTab } from '../components/push-outboxes-tab';
import { SmtpTab } from '../components/smtp-tab';
import { UsersTab } from '../components/users-tab';
import '../components/admin.css';

const TABS = [
  'users',
  'inventory',
  'plans',
  'smtp',
  'outbox',
  'push',
  'officialAccount',
  'languages',
  'dictionaries',
  'versions',
  'ingest',
  'map',
  'co2',
] as const;
type TabKey = (typeof TABS)[number];

function tabOf(raw: string | null): TabKey {
  return (TABS as readonly string[]).includes(raw ?? '') ? (raw as TabKey) : 'users';
}

/**
 * /manage, the administrator's console (issue 3 §6): users, SMTP, outbox, languages, dictionaries,
 * app versions, the device inventory and plan orders (issue 24), the ingest's counters (issue 11), the push
 * channels' outboxes and the official account (issue 20) and the reports' CO2 factors (issue 8), one tab each; the open tab is kept in
 * ?tab= so it can be linked and survives a reload.
 */
export function ManagePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const active = tabOf(search.get('tab'));
  const content: Record<TabKey, ReactNode> = {
    users: <UsersTab />,
    inventory: <InventoryTab />, // issue 24 item 9: devices in stock or on which site, CSV import
    plans: <PlanOrdersTab />, // issue 24 item 15: report-plan payments confirmed by customer service
    smtp: <SmtpTab />,
    outbox: <OutboxTab />,
    push: <PushOutboxesTab />, // issue 20 §6: every push channel's outbox
    officialAccount: <PushAccountTab />, // issue 20 §4
    languages: <LanguagesTab />,
    dictionaries: <DictionariesTab />,
    versions: <AppVersionsTab />,
    ingest: <IngestTab />,
    map: <MapTilesTab />, // issue 7 item 7: street tiles
    co2: <Co2FactorsTab />,
  };
  return (
    <section className="page manage-page">
      <Typography.Title level={3} className="manage-title">
        {t('app.routes.manage')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((key) => ({ key, label: t(`admin.tabs.${key}`), children: content[key] }))}
      />
    </section>
  );
}
