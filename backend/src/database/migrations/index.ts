import { EventStore1763700000000 } from './1763700000000-event-store';
import { ReadModels1763700000100 } from './1763700000100-read-models';
import { Sessions1763700000200 } from './1763700000200-sessions';
import { AdminValidation1763700004000 } from './1763700004000-admin-validation';
import { TaskListing1763700002000 } from './1763700002000-task-listing';
import { TaskFunding1763700005100 } from './1763700005100-task-funding';
import { PayoutRecipient1763900000100 } from './1763900000100-payout-recipient';
import { Notifications1763900001000 } from './1763900001000-notifications';
import { TaskListingCounts1763900005000 } from './1763900005000-task-listing-counts';
import { TaskOpenDeadlineDays1763900006000 } from './1763900006000-task-open-deadline-days';
import { ProjectionQuarantine1764000019200 } from './1764000019200-projection-quarantine';
import { IdempotencyKeys1764086400700 } from './1764086400700-idempotency-keys';
import { StrangerEscrows1795619000710 } from './1795619000710-stranger-escrows';
import { ReviewDeadlines1795619022200 } from './1795619022200-review-deadlines';
import { CreatorRecords1795619022600 } from './1795619022600-creator-records';
import { RevisionsAppeals1795619031700 } from './1795619031700-revisions-appeals';
import { PayoutQueue1795619040000 } from './1795619040000-payout-queue';
import { SpamCheckAtSubmission1795619041000 } from './1795619041000-spam-check-at-submission';
import { FailedPayouts1795619042000 } from './1795619042000-failed-payouts';

/**
 * Every migration of the backend's tables, in order. Add new ones at the end (never edit one that has shipped).
 * The indexer's tables (checkpoints, blocks, applied logs, payout outbox, leader epochs) have their own set in
 * indexer/src/database/migrations, run by the indexer (its table `indexer_migrations`).
 */
export const MIGRATIONS = [EventStore1763700000000, ReadModels1763700000100, Sessions1763700000200, AdminValidation1763700004000, TaskListing1763700002000, TaskFunding1763700005100, PayoutRecipient1763900000100, Notifications1763900001000, TaskListingCounts1763900005000, TaskOpenDeadlineDays1763900006000, ProjectionQuarantine1764000019200, IdempotencyKeys1764086400700, StrangerEscrows1795619000710, ReviewDeadlines1795619022200, CreatorRecords1795619022600, RevisionsAppeals1795619031700, PayoutQueue1795619040000, SpamCheckAtSubmission1795619041000, FailedPayouts1795619042000];
