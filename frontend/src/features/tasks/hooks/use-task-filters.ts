import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, filtersToSearch, type TaskFilters } from '../filters';

/** The browser's filter state lives in the URL (bookmarkable, shareable); this reads and writes it. */
export function useTaskFilters(): [TaskFilters, (change: Partial<TaskFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const update = useCallback(
    (change: Partial<TaskFilters>) =>
      setParams((current) => filtersToSearch({ ...filtersFromSearch(current), ...change }, current), { replace: true }),
    [setParams],
  );
  return [filters, update];
}
