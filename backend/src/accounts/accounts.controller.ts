import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Req, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { AdminWalletsService } from '../auth/admin-wallets.service';
import { CurrentUser } from '../auth/current-user';
import { OptionalUserGuard, SignedInGuard } from '../auth/guards';
import { RateLimit } from '../auth/rate-limit';
import { SiweService } from '../auth/siwe.service';
import { DomainError } from '../common/domain-error';
import { ImageUploadInterceptor } from '../uploads/image-upload.interceptor';
import { UploadsService } from '../uploads/uploads.service';
import { LinkWalletCommand } from '../users/commands/link-wallet.command';
import { SetUsernameCommand } from '../users/commands/set-username.command';
import { UpdateProfileCommand } from '../users/commands/update-profile.command';
import { USER_MESSAGES } from '../users/user.aggregate';
import { UserRecord, UsersReadRepository } from '../users/users.read-repository';
import { LinkWalletDto } from './dto/link-wallet.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { UpdateUsernameDto } from './dto/update-username.dto';
import { publicView, selfView, UserJson } from './user-view';

export const ACCOUNT_MESSAGES = {
  walletProofRequired: 'To link a new wallet, sign a challenge from GET /api/auth/challenge?address=... and send signature and message',
  invalidProfileImage: 'Invalid profile image: upload it with POST /api/user/upload-profile-image first',
} as const;

@Controller('api')
export class AccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UsersReadRepository,
    private readonly uploads: UploadsService,
    private readonly siwe: SiweService,
    private readonly admins: AdminWalletsService,
  ) {}

  @Get('user')
  @UseGuards(SignedInGuard)
  me(@CurrentUser() user: UserRecord): UserJson {
    return selfView(user);
  }

  /** Links a wallet to the signed-in account (unique across accounts); a new wallet needs a signed challenge. */
  @Post('wallet')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async linkWallet(@CurrentUser() user: UserRecord, @Body() body: LinkWalletDto, @Req() req: Request): Promise<UserJson> {
    const same = user.walletAddress?.toLowerCase() === body.walletAddress.toLowerCase();
    if (!same) {
      if (!body.signature || !body.message) throw new DomainError(400, ACCOUNT_MESSAGES.walletProofRequired);
      const wallet = await this.siwe.verify(req, { walletAddress: body.walletAddress, signature: body.signature, message: body.message });
      await this.commands.execute(new LinkWalletCommand(user.id, wallet));
      await this.admins.applyTo(user.id, wallet);
    }
    return selfView(await this.reload(user.id));
  }

  @Post('user/update-username')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async updateUsername(@CurrentUser() user: UserRecord, @Body() body: UpdateUsernameDto): Promise<UserJson> {
    await this.commands.execute(new SetUsernameCommand(user.id, body.username));
    return selfView(await this.reload(user.id));
  }

  @Post('user/update-profile')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async updateProfile(@CurrentUser() user: UserRecord, @Body() body: UpdateProfileDto): Promise<UserJson> {
    if (body.profileImage && !(await this.uploads.exists(body.profileImage))) {
      throw new DomainError(400, ACCOUNT_MESSAGES.invalidProfileImage);
    }
    await this.commands.execute(
      new UpdateProfileCommand(user.id, {
        bio: body.bio !== undefined ? body.bio : user.bio,
        email: body.email !== undefined ? body.email : user.email,
        ...(body.profileImage !== undefined ? { profileImage: body.profileImage } : {}),
      }),
    );
    return selfView(await this.reload(user.id));
  }

  /** Multipart field `image` → `{ imageUrl }`; the profile keeps it once update-profile sends it. */
  @Post('user/upload-profile-image')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @RateLimit('upload')
  @UseInterceptors(ImageUploadInterceptor('image'))
  async uploadProfileImage(@UploadedFile() file: Express.Multer.File | undefined): Promise<{ imageUrl: string }> {
    const stored = await this.uploads.storeImage(file);
    return { imageUrl: stored.url };
  }

  /** Public profile: never a password hash; the email only to the user themself and admins. */
  @Get('users/:id')
  @UseGuards(OptionalUserGuard)
  async user(@Param('id', ParseIntPipe) id: number, @CurrentUser() viewer: UserRecord | undefined): Promise<UserJson> {
    const user = id >= 1 && id <= 2 ** 31 - 1 ? await this.users.findById(id) : null;
    if (!user) throw new DomainError(404, USER_MESSAGES.notFound);
    return publicView(user, viewer);
  }

  private async reload(id: number): Promise<UserRecord> {
    const user = await this.users.findById(id);
    if (!user) throw new DomainError(404, USER_MESSAGES.notFound);
    return user;
  }
}
