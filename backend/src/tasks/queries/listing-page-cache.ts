import { Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { StoreFollower } from '../../live/store-follower';
import { ProjectionRunner } from '../../projections/projection-runner';
import { ListTasksQuery, TaskSort } from '../dto/list-tasks.query';
import { TasksProjection } from '../tasks.projection';
import { ListedRows, ListingCache, ListingTag } from './listing-cache';
import { categoryOf } from './listing-sql';
import { TaskRow } from './task.view';
import { Viewer } from './viewer';

/** Most entries the page cache and the totals cache each keep. */
const MAX_ENTRIES = 1000;

/** What one listing request is cached under. */
export interface ListingKeys {
  /** The page's (or the plain array's) rows. */
  rows: string;
  /** The filter's total, shared by every page and sort of it. */
  total: string;
  tag: ListingTag;
}

/** The cache keys of a listing request: only `available` for a signed-in viewer depends on who asks. */
export function listingKeys(q: ListTasksQuery, viewer: Viewer | undefined, sort: TaskSort, paged: boolean, limit: number): ListingKeys {
  const category = categoryOf(q);
  const search = q.search?.trim() || null;
  const viewerId = q.available && viewer ? viewer.id : null;
  const tag: ListingTag = { search, category, minReward: q.minReward, maxReward: q.maxReward, available: q.available ?? false, viewerId };
  const total = JSON.stringify([search, category, q.minReward ?? null, q.maxReward ?? null, tag.available, viewerId]);
  return { rows: `${total}|${sort}|${paged}|${limit}|${q.cursor ?? ''}`, total, tag };
}

/**
 * The public list's cache wired to whoever knows what changed: the tasks projection (rows this process
 * changed), the projection runner (read models moved by another process, or rebuilt) and the replica's store
 * follower (which events those were). Without a follower (a process serving no HTTP), other processes'
 * changes drop the whole cache.
 */
export class ListingPageCache {
  private readonly cache: ListingCache;
  private readonly unsubscribe: Array<() => void> = [];
  /** When a late follower was last logged (at most one line per 10 s). */
  private lateLogged = 0;

  /** The cache, or null when configured off (LIST_CACHE_TTL_MS = 0). */
  static create(
    config: AppConfig,
    nextOpenDeadline: () => Promise<number | null>,
    projections: ProjectionRunner,
    tasks: TasksProjection,
    follower: StoreFollower | undefined,
    reloadTasks: (ids: number[]) => Promise<TaskRow[]>,
    countSearchMisses: (ids: number[], search: string) => Promise<number>,
  ): ListingPageCache | null {
    return config.LIST_CACHE_TTL_MS > 0
      ? new ListingPageCache(config, nextOpenDeadline, projections, tasks, follower, reloadTasks, countSearchMisses)
      : null;
  }

  private constructor(
    config: AppConfig,
    nextOpenDeadline: () => Promise<number | null>,
    projections: ProjectionRunner,
    tasks: TasksProjection,
    follower: StoreFollower | undefined,
    reloadTasks: (ids: number[]) => Promise<TaskRow[]>,
    countSearchMisses: (ids: number[], search: string) => Promise<number>,
  ) {
    const late = () => {
      const now = Date.now();
      if (now - this.lateLogged < 10_000) return;
      this.lateLogged = now;
      new Logger('TaskQueries').warn(
        `the store follower did not say within ${config.LIST_CACHE_FOLLOWER_WAIT_MS} ms what other processes changed: the list cache was dropped`,
      );
    };
    const cache = (this.cache = new ListingCache(MAX_ENTRIES, config.LIST_CACHE_TTL_MS, nextOpenDeadline, config.LIST_CACHE_FOLLOWER_WAIT_MS, late, reloadTasks, countSearchMisses));
    this.unsubscribe.push(
      tasks.onListingChanges((changes) => cache.changed(changes)),
      projections.onUnseenChanges((moved) => {
        // The batch that found the range read its events too: nothing to wait for.
        if (moved?.events) return cache.changedElsewhere(moved.events, (taskId) => follower?.taskOf(taskId));
        cache.movedElsewhere(moved, follower?.reading ? follower.position : null);
        follower?.readSoon();
      }),
    );
    if (follower) this.unsubscribe.push(follower.onApplied((events, reached, task) => cache.followedTo(events, reached, task)));
  }

  close(): void {
    for (const off of this.unsubscribe) off();
  }

  /** Null when the cache knows every change other processes made; else resolves once it does (see ListingCache). */
  caughtUp(): Promise<void> | null {
    return this.cache.caughtUp();
  }

  rows(keys: ListingKeys, load: () => Promise<ListedRows>): Promise<ListedRows> {
    return this.cache.rows.get(keys.rows, keys.tag, () => this.cache.timed(keys.tag, load));
  }

  total(keys: ListingKeys, load: () => Promise<number>): Promise<number> {
    return this.cache.totals.get(keys.total, keys.tag, () => this.cache.timed(keys.tag, load));
  }
}
