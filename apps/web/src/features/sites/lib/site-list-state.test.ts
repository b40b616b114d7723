import { describe, expect, it } from 'vitest';
import {
  columnSortOrder,
  isFiltered,
  parseSiteListState,
  SITE_PAGE_SIZE,
  siteListApiQuery,
  siteListSearch,
  updateSiteList,
} from './site-list-state';

describe('site list state', () => {
  it('reads the URL query and drops what it does not know', () => {
    const s = parseSiteListState(
      new URLSearchParams(
        'q=roof&systemType=6&groupId=4&status=alarm&area=CZ-10&sort=power&order=desc&page=3',
      ),
      1,
    );
    expect(s).toEqual({
      text: 'roof',
      systemType: 6,
      groupId: 4,
      status: 'alarm',
      areaCode: 'CZ-10',
      sortField: 'power',
      sortOrder: 'desc',
      page: 3,
    });
    const bad = parseSiteListState(
      new URLSearchParams('systemType=9&groupId=-1&status=sleeping&sort=owner&page=0'),
      3,
    );
    expect(bad).toMatchObject({ systemType: 3, groupId: null, status: null, sortField: null, page: 1 });
  });

  it('writes the same state back to the URL and into the API query', () => {
    const s = parseSiteListState(
      new URLSearchParams('q=roof&systemType=1&status=online&sort=capacity&page=2'),
      1,
    );
    expect(parseSiteListState(siteListSearch(s), 3)).toEqual(s);
    expect(siteListApiQuery(s)).toEqual({
      systemType: 1,
      ispaging: true,
      pageNum: 2,
      pageSize: SITE_PAGE_SIZE,
      sortField: 'capacity',
      sortOrder: 'asc',
      filterText: 'roof',
      status: 'online',
    });
    // No column chosen: by name, whatever order the URL says.
    const plain = parseSiteListState(new URLSearchParams('order=desc'), 1);
    expect(siteListApiQuery(plain)).toMatchObject({ sortField: 'name', sortOrder: 'asc' });
    expect(columnSortOrder(s, 'capacity')).toBe('ascend');
    expect(columnSortOrder(s, 'power')).toBeNull();
  });

  it('goes back to page 1 on a new filter and drops the group with a new system type', () => {
    const s = parseSiteListState(new URLSearchParams('systemType=1&groupId=4&page=5'), 1);
    expect(updateSiteList(s, { page: 6 }).page).toBe(6);
    expect(updateSiteList(s, { status: 'offline' })).toMatchObject({ page: 1, groupId: 4 });
    expect(updateSiteList(s, { systemType: 6 })).toMatchObject({ page: 1, groupId: null, systemType: 6 });
    expect(isFiltered(s)).toBe(true);
    expect(isFiltered(parseSiteListState(new URLSearchParams(''), 1))).toBe(false);
  });
});
