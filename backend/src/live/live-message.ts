import { Checkpoint } from '../event-store/stored-event';
import { Change } from '../notifications/change-rules';

/** One SSE message for one user: its `id:` is the global position of the event it reports. */
export interface LiveMessage {
  checkpoint: Checkpoint;
  userId: number;
  change: Change;
}

/** The SSE frame of a message (`event: change`, data without the user id). */
export function frameOf(m: LiveMessage): string {
  const { kind, notify, taskId, submissionId, detail } = m.change;
  const data = { kind, notification: notify, taskId, submissionId, detail };
  return `id: ${m.checkpoint.position}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
}
