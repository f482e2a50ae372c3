export class RegisterUserCommand {
  constructor(
    readonly input: {
      method: 'wallet' | 'password';
      username: string | null;
      walletAddress: string | null;
      email: string | null;
      passwordHash: string | null;
    },
  ) {}
}
