import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NotificationKinds } from './change-rules';

export class NotificationView {
  @ApiProperty({ description: 'The global position of the event it is about (decimal string); stable across rebuilds' })
  id!: string;
  @ApiProperty({ enum: Object.values(NotificationKinds) }) kind!: string;
  @ApiProperty() taskId!: number;
  @ApiPropertyOptional({ type: String, nullable: true }) taskTitle!: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) submissionId!: number | null;
  @ApiProperty({ description: 'feedback, txHash, reason, amount (base units), reward (whole CENT) where they apply' })
  detail!: Record<string, string | number>;
  @ApiProperty() read!: boolean;
  @ApiProperty() createdAt!: string;
}

export class NotificationPage {
  @ApiProperty({ type: [NotificationView], description: 'Newest first' }) items!: NotificationView[];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' })
  nextCursor!: string | null;
  @ApiProperty({ description: "The user's unread notifications (all pages)" }) unreadCount!: number;
}
