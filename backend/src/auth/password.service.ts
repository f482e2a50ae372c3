import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/**
 * argon2id (the `argon2` package's defaults: 64 MiB, 3 passes, 4 lanes; a random salt per hash, all
 * encoded in the PHC string). Unknown users are checked against a dummy hash so a login takes as long
 * whether or not the username exists.
 */
@Injectable()
export class PasswordService {
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      this.dummy ??= this.hash('dummy password for timing');
      await argon2.verify(await this.dummy, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }
}
