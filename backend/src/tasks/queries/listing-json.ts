import { AppConfig } from '../../config/app-config';
import { ListedRows } from './listing-cache';
import { TaskRow, TaskView, toTaskView } from './task.view';
import { Viewer } from './viewer';

/** How a page's JSON starts, before its items. */
const PAGE_HEAD = Buffer.from('{"items":');

/**
 * The listing's answers as views and as the JSON the route sends, built once per cached row and page
 * rather than on every request (building and stringifying them was most of a cached answer's cost). Only a
 * task's creator and admins see a task with funding anomalies differently; such answers are built afresh.
 */
export class ListingJson {
  /** Views of cached rows as everyone sees them. Never handed to callers that add fields to a view. */
  private readonly sharedViews = new WeakMap<TaskRow, TaskView>();
  /**
   * Serialised cached pages (a revised page is a new object, so it is serialised afresh), with the last total.
   * The items are kept encoded: a page's total moves with every submission to a task of its filter, and the
   * answer is then the same items between a new head and tail, copied as bytes rather than the whole text
   * joined and encoded again (kept as a string, each such page also stayed on the JS heap for the GC to copy).
   */
  private readonly bodies = new WeakMap<ListedRows, { items: Buffer; total: number | null; body: Buffer }>();
  /**
   * The JSON of each shared view (keyed by the view, one per cached row): a page revised after a write is a new object holding one new row among the
   * old ones, so only that row is serialised again (re-serialising whole 100-row pages was most of a replica's
   * JSON time under writes).
   */
  private readonly viewJson = new WeakMap<TaskView, string>();

  constructor(private readonly config: AppConfig) {}

  /** Whether this viewer sees a listed row differently from everyone else (funding anomalies). */
  ownView(row: TaskRow, viewer: Viewer | undefined): boolean {
    return !!viewer && (viewer.isAdmin || viewer.id === row.creatorId) && (row.anomalies?.length ?? 0) > 0;
  }

  /** A listed row's view for this viewer (shared with everyone who sees it alike). */
  viewFor = (viewer: Viewer | undefined) => (row: TaskRow): TaskView => {
    if (this.ownView(row, viewer)) return toTaskView(row, this.config, viewer);
    let view = this.sharedViews.get(row);
    if (!view) this.sharedViews.set(row, (view = toTaskView(row, this.config, undefined)));
    return view;
  };

  /**
   * The bytes of the answer (what `res.json` would send): the plain array when `total` is null, else the
   * page. A cached page everyone sees alike (`cached`, and no row this viewer sees as its own) is serialised
   * and encoded once: the same Buffer comes back while the page and its total stand, so the route can keep
   * its ETag with it.
   */
  body(rows: ListedRows, total: number | null, viewer: Viewer | undefined, cached: boolean): Buffer {
    const shared = cached && !rows.rows.some((row) => this.ownView(row, viewer));
    const known = shared ? this.bodies.get(rows) : undefined;
    if (known && known.total === total) return known.body;
    // The same text as JSON.stringify of the array of views, each element serialised once per row.
    const items = known?.items ?? Buffer.from(`[${rows.rows.map((row) => this.itemJson(row, viewer)).join(',')}]`);
    const body = total === null ? items : Buffer.concat([PAGE_HEAD, items, Buffer.from(`,"nextCursor":${JSON.stringify(rows.nextCursor)},"total":${JSON.stringify(total)}}`)]);
    if (shared) this.bodies.set(rows, { items, total, body });
    return body;
  }

  /** A row's view as JSON, kept with the view (a viewer's own view is a fresh object: serialised each time). */
  private itemJson(row: TaskRow, viewer: Viewer | undefined): string {
    const view = this.viewFor(viewer)(row);
    let json = this.viewJson.get(view);
    if (json === undefined) this.viewJson.set(view, (json = JSON.stringify(view)));
    return json;
  }
}
