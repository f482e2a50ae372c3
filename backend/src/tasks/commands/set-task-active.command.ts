import { Reviewer } from '../domain/task.aggregate';

export class SetTaskActiveCommand {
  constructor(readonly actor: Reviewer, readonly taskId: number, readonly isActive: boolean) {}
}
