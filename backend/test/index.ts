/**
 * The backend's testing entry (`@cent/backend/testing`): what other workspaces' tests (the indexer's) use to
 * start a real backend on a real PostgreSQL. They reach the backend's test helpers only through here, as
 * they reach its code only through `@cent/backend` (src/index.ts).
 */
export { startTestApp, startTestDomain, testConfig } from './test-app';
export type { TestContext } from './test-app';
export { createTestDatabase } from './test-database';
export { freePort } from './free-port';
export { sample } from './prometheus-sample';
export { sessionCookieFor, TEST_SESSION_SECRET } from './session-cookie';
export { openSse } from './sse-client';
export type { SseClient, SseFrame } from './sse-client';
export { startReplica } from './replica';
export type { Replica } from './replica';
export { startTcpProxy } from './tcp-proxy';
export { childOutput } from './child-output';
export { TICKS_PER_SECOND, countProcessCpu, procStat } from './process-cpu';
export type { ProcessGroup } from './process-cpu';
export type { TcpProxy } from './tcp-proxy';
export { pgStatementsReport, pgStatementsReset, pgStatementsSettings } from './pg-statements';
// The indexer's bench times the projections' batches and the loads of task streams (bench/indexer.bench.ts).
export { ProjectionBatches } from '../src/projections/projection-batches';
export { AggregateRepository } from '../src/event-store/aggregate-repository';
