import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { selfView, UserJson } from '../accounts/user-view';
import { DomainError } from '../common/domain-error';
import { RegisterUserCommand } from '../users/commands/register-user.command';
import { UsersReadRepository } from '../users/users.read-repository';
import { AdminWalletsService } from './admin-wallets.service';
import { AUTH_MESSAGES } from './auth.messages';
import { ChallengeQueryDto } from './dto/challenge-query.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { Web3LoginDto } from './dto/web3-login.dto';
import { PasswordService } from './password.service';
import { RateLimit } from './rate-limit';
import { ReadModelSync } from './read-model-sync';
import { endUserSession, startUserSession } from './session-login';
import { SiweService } from './siwe.service';

@Controller('api')
export class AuthController {
  constructor(
    private readonly siwe: SiweService,
    private readonly passwords: PasswordService,
    private readonly admins: AdminWalletsService,
    private readonly commands: CommandBus,
    private readonly users: UsersReadRepository,
    private readonly sync: ReadModelSync,
  ) {}

  /** `{ message }`: an EIP-4361 message for `?address=` with a one-time nonce kept in this session. */
  @Get('auth/challenge')
  @RateLimit('auth')
  challenge(@Query() query: ChallengeQueryDto, @Req() req: Request): { message: string } {
    return { message: this.siwe.issueChallenge(req, query.address) };
  }

  /** Verifies the signed challenge; signs in (creating the user on their first login). */
  @Post('auth/web3')
  @HttpCode(200)
  @RateLimit('auth')
  async web3(@Body() body: Web3LoginDto, @Req() req: Request): Promise<UserJson & { isFirstLogin: boolean }> {
    const wallet = await this.siwe.verify(req, body);
    const { userId, created } = await this.userForWallet(wallet);
    await this.admins.applyTo(userId, wallet);
    await startUserSession(req, userId);
    return { ...selfView(await this.mustLoad(userId)), isFirstLogin: created };
  }

  @Post('register')
  @RateLimit('auth')
  async register(@Body() body: RegisterDto, @Req() req: Request): Promise<UserJson> {
    // The username is checked before paying for a hash; the reservation in RegisterUser decides races.
    if ((await this.users.userIdByUsername(body.username)) !== null) {
      throw new DomainError(409, 'This username is already taken');
    }
    const userId: number = await this.commands.execute(
      new RegisterUserCommand({
        method: 'password',
        username: body.username,
        walletAddress: null,
        email: body.email ?? null,
        passwordHash: await this.passwords.hash(body.password),
      }),
    );
    await startUserSession(req, userId);
    return selfView(await this.mustLoad(userId));
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit('auth')
  async login(@Body() body: LoginDto, @Req() req: Request): Promise<UserJson> {
    const user = await this.users.findByUsername(body.username);
    if (!(await this.passwords.verify(user?.passwordHash ?? null, body.password)) || !user) {
      throw new DomainError(401, AUTH_MESSAGES.invalidCredentials);
    }
    await startUserSession(req, user.id);
    return selfView(user);
  }

  /** Destroys the session row (the cookie is useless afterwards, even if kept) and clears the cookie. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    await endUserSession(req, res);
    return { message: AUTH_MESSAGES.loggedOut };
  }

  /**
   * The wallet's user, registering it on first sign-in. Two first sign-ins of one wallet at once: both
   * try to register, the wallet's unique key lets one through, the other gets 409 and signs in to that user.
   */
  private async userForWallet(wallet: string): Promise<{ userId: number; created: boolean }> {
    const existing = await this.users.userIdByWallet(wallet);
    if (existing !== null) {
      // Found on the write side: perhaps registered by a concurrent request a moment ago.
      await this.sync.user(existing);
      return { userId: existing, created: false };
    }
    try {
      const userId: number = await this.commands.execute(
        new RegisterUserCommand({ method: 'wallet', username: null, walletAddress: wallet, email: null, passwordHash: null }),
      );
      return { userId, created: true };
    } catch (err) {
      const winner = err instanceof DomainError && err.status === 409 ? await this.users.userIdByWallet(wallet) : null;
      if (winner === null) throw err;
      await this.sync.user(winner);
      return { userId: winner, created: false };
    }
  }

  private async mustLoad(userId: number) {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(404, 'User not found');
    return user;
  }
}
