import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface UserRecord {
  id: number;
  username: string | null;
  email: string | null;
  walletAddress: string | null;
  bio: string | null;
  isAdmin: boolean;
  profileImage: string | null;
  passwordHash: string | null;
  walletLinkedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const USER_COLUMNS = `id, username, email, wallet_address AS "walletAddress", bio, is_admin AS "isAdmin",
  profile_image AS "profileImage", password_hash AS "passwordHash", wallet_linked_at AS "walletLinkedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Users whose linked wallet is remembered: ~100k short entries. */
const MAX_WALLETS = 100_000;

/** Reads of the `users` projection, plus the write side's unique-key index for exact lookups. */
@Injectable()
export class UsersReadRepository {
  /** Linked wallets by user id. A linked wallet never changes (UserAggregate refuses another), so once seen it is kept. */
  private readonly wallets = new Map<number, string>();

  constructor(private readonly dataSource: DataSource) {}

  /** The user's linked wallet (null: none linked yet, or no such user); a payout's recipient. */
  async linkedWallet(userId: number): Promise<string | null> {
    const known = this.wallets.get(userId);
    if (known) return known;
    const wallet = (await this.findById(userId))?.walletAddress ?? null;
    if (wallet) {
      if (this.wallets.size >= MAX_WALLETS) this.wallets.delete(this.wallets.keys().next().value as number);
      this.wallets.set(userId, wallet);
    }
    return wallet;
  }

  async findById(id: number): Promise<UserRecord | null> {
    const rows = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByIds(ids: number[]): Promise<UserRecord[]> {
    if (!ids.length) return [];
    return this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users WHERE id = ANY($1)`, [ids]);
  }

  async findByUsername(username: string): Promise<UserRecord | null> {
    const rows = await this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`, [username]);
    return rows[0] ?? null;
  }

  /** Which user holds a wallet, from the write side (consistent even before projections catch up). */
  async userIdByWallet(address: string): Promise<number | null> {
    return this.ownerOf('wallet', address.toLowerCase());
  }

  async userIdByUsername(username: string): Promise<number | null> {
    return this.ownerOf('username', username.toLowerCase());
  }

  private async ownerOf(kind: string, value: string): Promise<number | null> {
    const rows: Array<{ stream_id: string }> = await this.dataSource.query(
      `SELECT stream_id FROM unique_keys WHERE kind = $1 AND value = $2`,
      [kind, value],
    );
    return rows.length ? Number(rows[0].stream_id.replace('user-', '')) : null;
  }
}
