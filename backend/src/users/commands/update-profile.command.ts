export class UpdateProfileCommand {
  constructor(
    readonly userId: number,
    readonly profile: { bio: string | null; email: string | null; profileImage?: string | null },
  ) {}
}
