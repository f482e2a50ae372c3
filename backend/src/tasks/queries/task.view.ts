import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AppConfig } from '../../config/app-config';
import { ALL_CATEGORIES, FundingStatus, SUBMISSION_TYPES, SubmissionType } from '../domain/task.constants';
import { DEFAULT_REVIEW_WITHIN_SECONDS } from '../domain/task-review-deadline';
import { CREATOR_RECORD_LINE_COLUMN, CreatorRecordLine } from '../../creator-records/creator-record.view';
import { FundingRow, TaskFundingView, fundingOf } from './task-funding.view';

const FUNDING: FundingStatus[] = ['awaiting_funding', 'funded', 'anomaly', 'refunded'];

/** A task as the API answers it: the spec's Task entity in camelCase plus what a client needs to fund it. */
export class TaskView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() requirements!: string;
  @ApiProperty({ enum: ALL_CATEGORIES }) category!: string;
  @ApiProperty() creatorId!: number;
  @ApiProperty({ description: 'Whole CENT per approved submission' }) reward!: number;
  @ApiProperty() maxCompletions!: number;
  @ApiProperty({ description: 'Approved submissions' }) completions!: number;
  @ApiProperty({ description: 'Every submission ever made (pending, approved, rejected)' }) totalSubmissions!: number;
  @ApiProperty({ description: 'Submissions waiting for review' }) pendingSubmissions!: number;
  @ApiProperty({ description: 'Minutes' }) estimatedTime!: number;
  @ApiProperty({ format: 'date-time' }) deadline!: Date;
  @ApiProperty({ enum: SUBMISSION_TYPES }) submissionType!: SubmissionType;
  @ApiProperty({ description: 'false = draft (never listed publicly)' }) isActive!: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'The escrow contract (set by the server)' })
  contractAddress!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: Date;
  @ApiProperty({ description: '"Auto-approve after" in hours (1 to 720): a pending submission is approved automatically this long after it was sent, never later than the review cut-off (funding.reviewUntil)' })
  reviewWithinHours!: number;
  @ApiProperty({ enum: FUNDING, description: 'Same as funding.status. Only funded tasks are listed and open for submissions' })
  fundingStatus!: FundingStatus;
  @ApiProperty({ type: TaskFundingView, description: 'What a wallet needs to fund the task; the browser reads only this' })
  funding!: TaskFundingView;
  @ApiProperty({ description: 'The task id used on chain (decimal string)' }) chainTaskId!: string;
  @ApiProperty({ description: 'reward x maxCompletions in token base units (18 decimals), decimal string' })
  escrowAmount!: string;
  @ApiProperty() chainId!: number;
  @ApiPropertyOptional({ nullable: true, type: String }) tokenAddress!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) escrowAddress!: string | null;
  @ApiPropertyOptional({ nullable: true, type: CreatorRecordLine, description: "The creator's record in short (the card's line); null: a new creator, nothing reviewed yet" })
  creatorRecord!: CreatorRecordLine | null;
}

/** The select list that yields a TaskView row (minus the configuration fields). Alias `t` = tasks. */
export const TASK_COLUMNS = `t.id, t.title, t.description, t.requirements, t.category, t.creator_id AS "creatorId",
  t.reward, t.max_completions AS "maxCompletions", t.completions, t.total_submissions AS "totalSubmissions",
  t.pending_submissions AS "pendingSubmissions", t.estimated_time AS "estimatedTime", t.deadline,
  t.submission_type AS "submissionType", t.is_active AS "isActive", t.contract_address AS "contractAddress",
  t.created_at AS "createdAt", COALESCE(t.review_within_seconds, ${DEFAULT_REVIEW_WITHIN_SECONDS}) / 3600 AS "reviewWithinHours", t.funding_status AS "fundingStatus", t.id::text AS "chainTaskId",
  t.escrow_amount::text AS "escrowAmount", t.chain_id AS "chainId", t.escrow_key AS "escrowKey", t.funder,
  t.review_until AS "reviewUntil", t.refundable_at AS "refundableAt", t.anomalies, t.stranger_escrows_unlisted AS "strangerEscrowsUnlisted",
  (SELECT u.wallet_address FROM users u WHERE u.id = t.creator_id) AS "creatorWallet",
  ${CREATOR_RECORD_LINE_COLUMN}`;

/** Columns only the funding object is made of (not top-level fields of the task JSON). */
type FundingOnly = 'escrowKey' | 'funder' | 'reviewUntil' | 'refundableAt' | 'anomalies' | 'strangerEscrowsUnlisted' | 'creatorWallet';

export type TaskRow = Omit<TaskView, 'tokenAddress' | 'escrowAddress' | 'funding'> & Pick<FundingRow, FundingOnly>;

export function toTaskView(row: TaskRow, config: AppConfig, viewer: { id: number; isAdmin: boolean } | undefined): TaskView {
  const { escrowKey: _k, funder: _f, reviewUntil: _r, refundableAt: _a, anomalies: _n, strangerEscrowsUnlisted: _u, creatorWallet: _w, ...task } = row;
  const tokenAddress = config.TOKEN_ADDRESS ?? null;
  const escrowAddress = config.ESCROW_ADDRESS ?? null;
  const funding = fundingOf(row, { tokenAddress, escrowAddress, viewer });
  return { ...task, fundingStatus: funding.status, tokenAddress, escrowAddress, funding };
}
