import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AppConfig } from '../../config/app-config';
import { ALL_CATEGORIES, FundingStatus, SUBMISSION_TYPES, SubmissionType } from '../task.constants';

const FUNDING: FundingStatus[] = ['awaiting_funding', 'funded', 'refunded', 'funding_anomaly'];

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
  @ApiProperty({ enum: FUNDING, description: 'Only funded tasks are listed and open for submissions' })
  fundingStatus!: FundingStatus;
  @ApiProperty({ description: 'The task id used on chain (decimal string)' }) chainTaskId!: string;
  @ApiProperty({ description: 'reward x maxCompletions in token base units (18 decimals), decimal string' })
  escrowAmount!: string;
  @ApiProperty() chainId!: number;
  @ApiPropertyOptional({ nullable: true, type: String }) tokenAddress!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) escrowAddress!: string | null;
}

/** The select list that yields a TaskView row (minus the configuration fields). Alias `t` = tasks. */
export const TASK_COLUMNS = `t.id, t.title, t.description, t.requirements, t.category, t.creator_id AS "creatorId",
  t.reward, t.max_completions AS "maxCompletions", t.completions, t.total_submissions AS "totalSubmissions",
  t.pending_submissions AS "pendingSubmissions", t.estimated_time AS "estimatedTime", t.deadline,
  t.submission_type AS "submissionType", t.is_active AS "isActive", t.contract_address AS "contractAddress",
  t.created_at AS "createdAt", t.funding_status AS "fundingStatus", t.id::text AS "chainTaskId",
  t.escrow_amount::text AS "escrowAmount", t.chain_id AS "chainId"`;

export type TaskRow = Omit<TaskView, 'tokenAddress' | 'escrowAddress'>;

export function toTaskView(row: TaskRow, config: AppConfig): TaskView {
  return { ...row, tokenAddress: config.TOKEN_ADDRESS ?? null, escrowAddress: config.ESCROW_ADDRESS ?? null };
}
