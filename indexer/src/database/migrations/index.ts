import { Indexer1763700003000 } from './1763700003000-indexer';
import { PayoutPipeline1763900000000 } from './1763900000000-payout-pipeline';
import { EscrowKeys1763900000200 } from './1763900000200-escrow-keys';
import { IndexerUnboundLogs1795619000700 } from './1795619000700-indexer-unbound-logs';

/**
 * Every migration of the indexer's own tables, in order. Add new ones at the end (never edit one that has
 * shipped). They keep the names they had when the backend ran them (before issue 23): a database migrated
 * then has them recorded in the backend's `migrations` table, and src/database/indexer-migrations.ts adopts
 * those records instead of applying them twice.
 */
export const INDEXER_MIGRATIONS = [Indexer1763700003000, PayoutPipeline1763900000000, EscrowKeys1763900000200, IndexerUnboundLogs1795619000700];
