import { Injectable } from '@nestjs/common';
import { StoredEvent } from '../event-store/stored-event';
import { ReadModelProjection } from '../projections/projection';
import { Row, RowProjection } from '../projections/row-projection';
import { UserEvents as U } from './user.events';

@Injectable()
@ReadModelProjection()
export class UsersProjection extends RowProjection {
  readonly name = 'users';
  readonly table = 'users';

  protected keysOf(e: StoredEvent): number[] {
    return e.type in U ? [e.data.userId] : [];
  }

  protected override creates(e: StoredEvent): boolean {
    return e.type === U.UserRegistered;
  }

  protected fold(row: Row | undefined, e: StoredEvent): Row | undefined {
    const d = e.data;
    const at = e.createdAt.toISOString();
    if (e.type === U.UserRegistered) {
      return {
        id: d.userId,
        username: d.username,
        email: d.email,
        wallet_address: d.walletAddress,
        bio: null,
        is_admin: false,
        profile_image: null,
        password_hash: d.passwordHash,
        wallet_linked_at: d.walletAddress ? d.registeredAt : null,
        created_at: d.registeredAt,
        updated_at: at,
      };
    }
    if (!row) return undefined;
    switch (e.type) {
      case U.WalletLinked:
        return { ...row, wallet_address: d.walletAddress, wallet_linked_at: d.linkedAt, updated_at: at };
      case U.UsernameSet:
        return { ...row, username: d.username, updated_at: at };
      case U.ProfileUpdated:
        return {
          ...row,
          bio: d.bio,
          email: d.email,
          profile_image: d.profileImage === undefined ? row.profile_image : d.profileImage,
          updated_at: at,
        };
      case U.AdminGranted:
        return { ...row, is_admin: true, updated_at: at };
      default:
        return row;
    }
  }
}
