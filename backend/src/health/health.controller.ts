import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { ChainRpc } from '../chain/chain-rpc';
import { INDEXER_CHECKPOINT_SQL, indexerTablesMissing } from '../chain/indexer-checkpoint';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { indexerSource, locateEscrow } from '../escrow/escrow-contract';
import { UnavailableError } from '../http/service-unavailable';
import { DependencyStatus } from './dependency-status';
import { ChainReadinessView, DatabaseReadinessView, IndexerReadinessView, LivenessView, ReadinessView } from './readiness.view';
import { withTimeout } from './with-timeout';
import { requestIdOf } from '../logging/request-logging';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly status: DependencyStatus,
    private readonly chain: ChainRpc,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Liveness for load balancers: one SELECT 1 on a pooled connection',
    description: 'Cheap (no new connection, no chain call). 503 with Retry-After when the database does not answer within HEALTH_TIMEOUT_MS.',
  })
  @ApiOkResponse({ type: LivenessView })
  @ApiServiceUnavailableResponse({ description: '`{ message: "Database unreachable" }`, with Retry-After' })
  async health(@Req() req: Request): Promise<LivenessView> {
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), this.config.HEALTH_TIMEOUT_MS, 'SELECT 1');
    } catch (err) {
      this.status.failed('database', (err as Error).message, requestIdOf(req));
      throw new UnavailableError('database', 'Database unreachable');
    }
    this.status.recovered('database');
    return { status: 'ok', database: 'up' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness with details: the database (a fresh connection), the chain and the indexer lag, each on its own',
    description:
      'Opens a new database connection (so a full or broken pool, or a database refusing new connections, shows) and reads the ' +
      "chain's head, each within HEALTH_TIMEOUT_MS; the indexer lag is the head minus the indexer's checkpoint. 200 `ready` when " +
      'the database answers; 503 `not ready` (with Retry-After and the same body) when it does not. An unreachable chain or a ' +
      'lagging indexer is reported but does not make a replica unready: every route but the escrow view works without the chain.',
  })
  @ApiOkResponse({ type: ReadinessView })
  @ApiServiceUnavailableResponse({ type: ReadinessView, description: 'The database did not answer' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessView> {
    const [db, chain] = await Promise.all([this.database(), this.chainNow()]);
    const lastSeen = chain.status === 'up' ? this.status.lastBlockSeen : await this.chain.lastBlockSeen();
    const indexer: IndexerReadinessView = {
      checkpointBlock: db.checkpoint?.block ?? null,
      checkpointAt: db.checkpoint?.at.toISOString() ?? null,
      lagBlocks: db.checkpoint && chain.headBlock !== null ? Math.max(0, chain.headBlock - db.checkpoint.block) : null,
    };
    const ready = db.view.status === 'up';
    if (!ready) res.status(503).setHeader('Retry-After', String(this.config.RETRY_AFTER_SECONDS));
    return {
      status: ready ? 'ready' : 'not ready',
      database: db.view,
      chain: { ...chain, lastBlockSeen: lastSeen?.number ?? null, lastBlockSeenAt: lastSeen?.seenAt.toISOString() ?? null },
      indexer,
    };
  }

  /** A fresh connection (never the pool's), its round trip, and the indexer's checkpoint read through it. */
  private async database(): Promise<{ view: DatabaseReadinessView; checkpoint: { block: number; at: Date } | null }> {
    const ms = this.config.HEALTH_TIMEOUT_MS;
    const url = (this.dataSource.options as PostgresConnectionOptions).url!;
    const client = new Client({ connectionString: url, connectionTimeoutMillis: ms, query_timeout: ms, statement_timeout: ms, application_name: 'cent-readiness' });
    client.on('error', () => undefined);
    const t0 = Date.now();
    try {
      await withTimeout(client.connect(), ms, 'connect');
      const location = locateEscrow(this.config);
      const { rows } = await withTimeout(
        client
          .query<{ block_number: string; updated_at: Date }>(INDEXER_CHECKPOINT_SQL, [location ? indexerSource(this.config.CHAIN_ID, location.escrow) : ''])
          .catch((err) => {
            if (indexerTablesMissing(err)) return { rows: [] };
            throw err;
          }),
        ms,
        'query',
      );
      this.status.recovered('database');
      return {
        view: { status: 'up', latencyMs: Date.now() - t0, error: null },
        checkpoint: rows[0] ? { block: Number(rows[0].block_number), at: new Date(rows[0].updated_at) } : null,
      };
    } catch (err) {
      this.status.failed('database', (err as Error).message);
      return { view: { status: 'down', latencyMs: null, error: (err as Error).message }, checkpoint: null };
    } finally {
      void client.end().catch(() => undefined);
    }
  }

  private async chainNow(): Promise<Omit<ChainReadinessView, 'lastBlockSeen' | 'lastBlockSeenAt'>> {
    const t0 = Date.now();
    try {
      const headBlock = await withTimeout(this.chain.head(), this.config.HEALTH_TIMEOUT_MS, 'eth_blockNumber');
      return { status: 'up', headBlock, latencyMs: Date.now() - t0, error: null };
    } catch (err) {
      this.chain.unreachable(err);
      return { status: 'unreachable', headBlock: null, latencyMs: null, error: (err as Error).message.slice(0, 200) };
    }
  }
}
