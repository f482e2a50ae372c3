import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Card, Grid, Heading, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FILTER_CATEGORIES, SORTS, type SortValue } from '../constants';
import { sheetFilterCount } from '../filter-chips';
import { baseFilters, hasActiveFilters } from '../filters';
import { useRewardBoundsQuery, useTaskPagesInfiniteQuery, useTaskTotalQuery } from '../api';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';
import { useTaskFilters } from '../hooks/use-task-filters';
import { FilterChips } from './filter-chips';
import { ResultsLine } from './results-line';
import { TaskCard } from './task-card';
import { NativeSelectRoot } from '@/components/ui/native-select';

const AdvancedFilters = lazy(() => import('./advanced-filters').then((m) => ({ default: m.AdvancedFilters })));

const SEARCH_DEBOUNCE_MS = 300;

/** Spec part 2 "Task browser": server-side filtering, sorting and cursor paging; filter state in the URL. */
export function TaskBrowser({ onOpenTask, banner }: { onOpenTask(id: number): void; banner?: ReactNode }) {
  const [filters, update] = useTaskFilters();
  const [search, setSearch] = useState(filters.search);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const pages = useTaskPagesInfiniteQuery(filters);
  const active = hasActiveFilters(filters);
  const total = useTaskTotalQuery(baseFilters(filters), { skip: !active });
  // The reward slider's scale: asked for when the sheet is first opened.
  const bounds = useRewardBoundsQuery(undefined, { skip: !sheetLoaded });
  const sheetCount = sheetFilterCount(filters);
  const pushed = useRef(filters.search);
  const pushSearch = useDebouncedCallback((value: string) => {
    pushed.current = value;
    update({ search: value });
  }, SEARCH_DEBOUNCE_MS);

  // The URL changed from outside (back button, a shared link): the box follows; our own pushes do not echo.
  useEffect(() => {
    if (filters.search !== pushed.current) {
      pushed.current = filters.search;
      setSearch(filters.search);
    }
  }, [filters.search]);

  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const count = pages.data?.pages[0]?.total ?? 0;

  // More on scroll: a sentinel below the grid fetches the next page when it comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack gap="8">
      <Stack gap="1">
        <Text color="purple.700" fontWeight="semibold">
          Earn Cryptocurrency
        </Text>
        <Heading as="h1" size="3xl">
          Available Tasks
        </Heading>
      </Stack>

      {/* The creator's own tasks awaiting funding: under the heading, not above it. */}
      {banner}

      <Stack direction={{ base: 'column', md: 'row' }} gap="3" role="search" aria-label="Filter tasks">
        <Input
          // flex 1 only in the row: in the phone's column a zero flex-basis squashed the box to a sliver.
          flex={{ md: '1' }}
          bg="white"
          type="search"
          placeholder="Search tasks..."
          aria-label="Search tasks"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            pushSearch(e.target.value);
          }}
        />
        {/* Phone: the two selects side by side at half width each and Filters below (a row of three cut "Newest First"). */}
        <Grid templateColumns={{ base: '1fr 1fr', md: 'auto auto auto' }} gap="3">
          <NativeSelectRoot bg="white" minW={{ md: '48' }}>
            <NativeSelect.Field aria-label="Category" value={filters.category} onChange={(e) => update({ category: e.target.value })}>
              {FILTER_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelectRoot>
          <NativeSelectRoot bg="white" minW={{ md: '44' }}>
            <NativeSelect.Field aria-label="Sort" value={filters.sort} onChange={(e) => update({ sort: e.target.value as SortValue })}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelectRoot>
          <Button
            variant="outline"
            bg="white"
            gridColumn={{ base: 'span 2', md: 'auto' }}
            aria-label={sheetCount ? `Filters, ${sheetCount} active` : 'Filters'}
            onClick={() => {
              setSheetLoaded(true);
              setSheetOpen(true);
            }}
          >
            Filters
            {sheetCount > 0 && (
              <Badge colorPalette="purple" variant="solid" rounded="full" aria-hidden="true">
                {sheetCount}
              </Badge>
            )}
          </Button>
        </Grid>
      </Stack>

      {pages.isError ? (
        <Card.Root role="alert">
          <Card.Body alignItems="center" textAlign="center" py="12" gap="2">
            <Heading as="h2" size="lg">
              Unable to Load Tasks
            </Heading>
            <Text color="gray.600">There was an error loading the task data. Please try again later.</Text>
          </Card.Body>
        </Card.Root>
      ) : pages.isLoading ? (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" aria-busy="true" aria-label="Loading tasks">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h="72" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="6">
          <Stack gap="3">
            <ResultsLine count={count} total={total.data} active={active} />
            <FilterChips filters={filters} onChange={update} />
          </Stack>
          {items.length === 0 ? (
            <Card.Root>
              <Card.Body alignItems="center" textAlign="center" py="12" gap="2">
                <Heading as="h2" size="lg">
                  No Tasks Found
                </Heading>
                <Text color="gray.600">
                  {active ? 'Try adjusting your filters to see more tasks.' : 'No tasks are currently available. Check back later!'}
                </Text>
              </Card.Body>
            </Card.Root>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" data-testid="task-grid">
              {items.map((t) => (
                <TaskCard key={t.id} task={t} onOpen={onOpenTask} />
              ))}
            </SimpleGrid>
          )}
          <Box ref={sentinel} />
          {hasNextPage && (
            <Button alignSelf="center" variant="outline" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              Load more tasks
            </Button>
          )}
        </Stack>
      )}

      <Card.Root bg="purple.50" borderColor="purple.200">
        <Card.Body alignItems="center" textAlign="center" gap="2" py="8">
          <Heading as="h2" size="xl">
            Ready to Earn?
          </Heading>
          <Text color="gray.700">Pick a task, submit your proof and get paid in CENT straight to your wallet.</Text>
        </Card.Body>
      </Card.Root>

      {sheetLoaded && (
        <Suspense>
          <AdvancedFilters open={sheetOpen} onClose={() => setSheetOpen(false)} filters={filters} onChange={update} bounds={bounds.data} />
        </Suspense>
      )}
    </Stack>
  );
}
