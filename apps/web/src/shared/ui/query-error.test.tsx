/**
 * Parts of a screen whose data could not be loaded say so (QueryError) instead of a skeleton that never
 * ends or an empty state that reads as "nothing there". Each part is rendered to HTML (react-dom/server;
 * the web workspace has no DOM environment) with its query already failed in the cache, as TanStack Query
 * leaves it once its retries are spent. Without i18n set up, texts render as their keys.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Attachment } from '@ems/contract/api/social';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PlanCard } from '../../features/account/components/plan-card';
import { MapTilesTab } from '../../features/admin/components/map-tiles-tab';
import { ActiveAlarmsCard } from '../../features/alarms/components/active-alarms-card';
import { AlarmTable } from '../../features/alarms/components/alarm-table';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page';
import { SiteGroupsCard } from '../../features/fleet/components/site-groups-card';
import { SolarDayChart } from '../../features/ocpp/components/solar-day-chart';
import { MailboxesBlock } from '../../features/push/components/mailboxes-block';
import { BadgeCountsProvider } from '../../features/social/api/badge-counts';
import { SuperiorTotals } from '../../features/social/components/superior-totals';
import { ApiError } from '../http/api-error';
import { emptyOrError, QueryError } from './query-error';

const TRY_LATER = 'common.errors.tryLater';

/** Renders `node` with the query `key` failed with `error` (no retry when the part mounts). */
async function renderFailed(key: QueryKey, node: ReactNode, error: unknown = new Error('down')) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  await client.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(error) });
  expect(client.getQueryState(key)?.status).toBe('error');
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('QueryError', () => {
  it("shows the server's message when it sent one, else try again later, as an alert", () => {
    const own = renderToStaticMarkup(
      <QueryError error={new ApiError('status', 'Site not found', { status: 40401 })} />,
    );
    expect(own).toContain('Site not found');
    expect(own).toContain('role="alert"');
    expect(renderToStaticMarkup(<QueryError error={new TypeError('Failed to fetch')} />)).toContain(
      TRY_LATER,
    );
  });
});

describe('emptyOrError', () => {
  const failed = { isError: true, data: undefined, error: new Error('down') };
  it('is the error when loading failed and nothing was loaded before, else the empty text', () => {
    expect(renderToStaticMarkup(<div>{emptyOrError(failed, 'none')}</div>)).toContain(TRY_LATER);
    expect(emptyOrError({ ...failed, data: [] }, 'none')).toBe('none');
    expect(emptyOrError({ isError: false, data: [], error: null }, 'none')).toBe('none');
    expect(emptyOrError({ isError: false, data: [], error: null })).toBeUndefined();
  });
});

describe('a part whose data failed to load', () => {
  it('the alarm list: an error, not "no active alarms"', async () => {
    const filters = { systemType: 1 as const };
    const html = await renderFailed(
      ['alarms', 'current', filters, 1, 10, null],
      <AlarmTable overview kind="current" filters={filters} />,
    );
    expect(html).toContain(TRY_LATER);
    expect(html).not.toContain('alarms.dialog.none');
  });

  it('the active alarms KPI: says the count could not be read, not "none"', async () => {
    const html = await renderFailed(
      ['badges', 1],
      <MemoryRouter>
        <BadgeCountsProvider systemType={1}>
          <ActiveAlarmsCard />
        </BadgeCountsProvider>
      </MemoryRouter>,
    );
    expect(html).toContain(TRY_LATER);
    expect(html).not.toContain('alarms.kpi.none');
  });

  it('map tiles (console): an error, not a skeleton', async () => {
    const html = await renderFailed(['admin', 'map-tiles'], <MapTilesTab />);
    expect(html).toContain(TRY_LATER);
    expect(html).not.toContain('ant-skeleton');
  });

  it("a superior site's totals (social): an error in its card, not a skeleton", async () => {
    const link = { direction: 'received', status: 2, superId: 5, superName: 'Becker home' } as Attachment;
    const html = await renderFailed(['social', 'totals', 5], <SuperiorTotals links={[link]} />);
    expect(html).toContain('social.totals.title');
    expect(html).toContain(TRY_LATER);
    expect(html).not.toContain('ant-skeleton');
  });

  it('the plans (personal centre): an error, not an empty plan list', async () => {
    const html = await renderFailed(['account', 'plans'], <PlanCard usertype={1} />);
    expect(html).toContain(TRY_LATER);
    expect(html).not.toContain('plan-list');
  });

  it('the mailboxes (push settings): an error, not an empty list', async () => {
    const html = await renderFailed(['push', 'mailboxes'], <MailboxesBlock />);
    expect(html).toContain(TRY_LATER);
  });

  it('the dashboard: the error where the sites would be, and "–" for every count, not 0', async () => {
    const html = await renderFailed(
      ['stations', 'systemtype-list', 3],
      <MemoryRouter>
        <DashboardPage alarmsCard={null} />
      </MemoryRouter>,
    );
    expect(html).toContain(TRY_LATER);
    expect(html).not.toContain('dashboard.empty.owner');
    const values = [...html.matchAll(/class="kpi-value">(.*?)<\/div>/g)].map((m) => m[1]);
    expect(values).toHaveLength(5);
    for (const v of values) expect(v).toBe('–');
  });

  it("the dashboard's groups: an error, not a blank tree", async () => {
    // The card's site dialog reads the session's preferences; the server render has no sessionStorage.
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => kept.set(k, v),
      removeItem: (k: string) => kept.delete(k),
    });
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const html = await renderFailed(
      ['stations', 'tree', '', 1],
      <MemoryRouter>
        <SiteGroupsCard systemType={1} />
      </MemoryRouter>,
    );
    expect(html).toContain(TRY_LATER);
  });

  it('the solar charging day chart: an error, not "no data today"', async () => {
    const html = await renderFailed(
      ['stations', 'history-lines', 7, '2026-12-02', null],
      <SolarDayChart stationId={7} today="2026-12-02" locale="en-US" />,
    );
    expect(html).toContain(TRY_LATER);
    expect(html).not.toContain('ocpp.solar.chartEmpty');
  });
});

describe('every part that shows a skeleton or a list while it loads', () => {
  const root = join(import.meta.dirname, '../..');
  const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => ({ file: f, text: readFileSync(join(root, f), 'utf8') }));
  const parts = sources.filter((p) => p.text.includes('<Skeleton'));

  it("also says when loading failed (QueryError, a query's isError, or a page-level Result)", () => {
    expect(parts.length).toBeGreaterThan(10);
    const silent = parts.filter((p) => !/<QueryError|\.isError\b|<Result\b/.test(p.text)).map((p) => p.file);
    expect(silent).toEqual([]);
  });

  it("a table or list whose spinner follows a query also shows that query's failure", () => {
    const lists = sources.filter(
      (p) =>
        /<(Table|List)\b/.test(p.text) && /loading=\{[\w.]*(isPending|isFetching|isLoading)/.test(p.text),
    );
    expect(lists.length).toBeGreaterThan(10);
    const silent = lists
      .filter((p) => !/emptyOrError|<QueryError|\bisError\b/.test(p.text))
      .map((p) => p.file);
    expect(silent).toEqual([]);
  });
});
