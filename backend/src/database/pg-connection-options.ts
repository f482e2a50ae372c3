import type { PoolConfig } from 'pg';
import { AppConfig } from '../config/app-config';

export type DatabaseTimeouts = Pick<AppConfig, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS'>;

/**
 * The timeouts every pooled PostgreSQL connection of a service gets (typeorm's pool, the session store's):
 * a database that is down, refusing or frozen is then an error within seconds, answered 503, instead of a
 * request that hangs. `statement_timeout` is PostgreSQL's own (it cancels the statement and the connection
 * stays usable); `query_timeout` is the client's, a second later, for a server that answers nothing at all
 * (frozen), where only the client can give up. `connectionTimeoutMillis` covers opening a connection and,
 * in a pool, waiting for a free one.
 */
export function pgConnectionOptions(timeouts: DatabaseTimeouts): PoolConfig {
  const statement = timeouts.DB_STATEMENT_TIMEOUT_MS;
  return {
    connectionTimeoutMillis: timeouts.DB_CONNECT_TIMEOUT_MS,
    ...(statement > 0 ? { statement_timeout: statement, query_timeout: statement + 1_000 } : {}),
    // A peer that vanished without a FIN/RST (a dead host, a cut network) is noticed on idle connections too.
    keepAlive: true,
  };
}
