import { Inject, Injectable } from '@nestjs/common';
import { getAddress, isAddress } from 'ethers';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import { SiweErrorType, SiweMessage } from 'siwe';
import { DataSource } from 'typeorm';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AUTH_MESSAGES as M } from './auth.messages';

/** A challenge is valid this long, and a message may not claim a longer life. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface SignedMessage {
  walletAddress: string;
  signature: string;
  message: string;
}

/**
 * Sign-In with Ethereum (EIP-4361). The challenge's nonce lives in this browser's PostgreSQL session;
 * `verify` consumes it atomically in the database before looking at the signature, so a message works
 * once, on one session, even when two replicas receive it at the same moment, and a refused attempt
 * burns its challenge too (no guessing against one nonce).
 */
@Injectable()
export class SiweService {
  readonly domain: string;
  readonly uri: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {
    const origin = new URL(config.publicOrigin);
    this.domain = origin.host;
    this.uri = origin.origin;
  }

  /** A complete message for `address` with a fresh nonce, remembered in the session. */
  issueChallenge(req: Request, address: string | undefined): string {
    if (!address || !isAddress(address)) throw new DomainError(400, M.addressRequired);
    const now = new Date();
    const msg = new SiweMessage({
      domain: this.domain,
      address: getAddress(address),
      statement: 'Sign in to CENT Tasks.',
      uri: this.uri,
      version: '1',
      chainId: this.config.CHAIN_ID,
      nonce: randomBytes(16).toString('hex'),
      issuedAt: now.toISOString(),
      expirationTime: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    });
    req.session.siwe = { nonce: msg.nonce, address: msg.address, issuedAt: msg.issuedAt!, expiresAt: msg.expirationTime! };
    return msg.prepareMessage();
  }

  /** The checksummed address that signed, or a DomainError (400 malformed, 401 refused). */
  async verify(req: Request, input: SignedMessage): Promise<string> {
    let msg: SiweMessage;
    try {
      msg = new SiweMessage(input.message);
    } catch {
      throw new DomainError(400, M.malformedMessage);
    }
    const issued = req.session.siwe;
    delete req.session.siwe;
    if (!issued || msg.nonce !== issued.nonce || !(await this.consumeNonce(req.sessionID, msg.nonce))) {
      throw new DomainError(401, M.noChallenge);
    }
    const now = new Date();
    if (Date.parse(issued.expiresAt) <= now.getTime()) throw new DomainError(401, M.challengeExpired);
    if (msg.domain !== this.domain) throw new DomainError(401, M.wrongDomain);
    if (msg.uri !== this.uri) throw new DomainError(401, M.wrongUri);
    if (msg.chainId !== this.config.CHAIN_ID) throw new DomainError(401, M.wrongChain);
    const issuedAt = msg.issuedAt ? Date.parse(msg.issuedAt) : NaN;
    const expiresAt = msg.expirationTime ? Date.parse(msg.expirationTime) : NaN;
    if (!(expiresAt - issuedAt <= CHALLENGE_TTL_MS)) throw new DomainError(401, M.badLifetime);
    if (issued.address && issued.address.toLowerCase() !== msg.address.toLowerCase()) throw new DomainError(401, M.addressMismatch);

    // The library checks the signature (EOA, EIP-191), version, expiry and not-before against `time`, and
    // the domain and nonce only because they are passed in.
    const result = await msg.verify(
      { signature: input.signature, domain: this.domain, nonce: issued.nonce, time: now.toISOString() },
      { suppressExceptions: true },
    );
    if (!result.success) {
      switch (result.error?.type) {
        case SiweErrorType.EXPIRED_MESSAGE:
          throw new DomainError(401, M.expired);
        case SiweErrorType.NOT_YET_VALID_MESSAGE:
          throw new DomainError(401, M.notYetValid);
        case SiweErrorType.DOMAIN_MISMATCH:
          throw new DomainError(401, M.wrongDomain);
        default:
          throw new DomainError(401, M.badSignature);
      }
    }
    if (!isAddress(input.walletAddress) || getAddress(input.walletAddress) !== getAddress(msg.address)) {
      throw new DomainError(401, M.addressMismatch);
    }
    return getAddress(msg.address);
  }

  /** Removes the nonce from the stored session if it is still there; true for exactly one caller. */
  private async consumeNonce(sid: string, nonce: string): Promise<boolean> {
    const [, count] = (await this.dataSource.query(
      `UPDATE sessions SET sess = (sess::jsonb - 'siwe')::json WHERE sid = $1 AND sess::jsonb #>> '{siwe,nonce}' = $2`,
      [sid, nonce],
    )) as [unknown, number];
    return count === 1;
  }
}
