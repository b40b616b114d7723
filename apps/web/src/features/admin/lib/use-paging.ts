import { useState } from 'react';
import { useDebounced } from '../../../shared/ui/use-debounced';
import type { PageParams } from '../api/get-users';

/** Page, page size and a debounced search text of a console table; a new search starts at page 1. */
export function usePaging(initialSize = 10) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const [text, setText] = useState('');
  const filterText = useDebounced(text.trim(), 300);
  const params: PageParams = { pageNum, pageSize, filterText: filterText || undefined };
  return {
    params,
    text,
    search: (next: string) => {
      setText(next);
      setPageNum(1);
    },
    pagination: (total: number) => ({
      current: pageNum,
      pageSize,
      total,
      showSizeChanger: true,
      hideOnSinglePage: false,
      onChange: (page: number, size: number) => {
        setPageNum(size === pageSize ? page : 1);
        setPageSize(size);
      },
    }),
  };
}
