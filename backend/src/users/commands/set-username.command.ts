export class SetUsernameCommand {
  constructor(readonly userId: number, readonly username: string) {}
}
