import * as path from 'node:path';
import { z } from 'zod';
import { WALLET_ADDRESS_PATTERN } from '../common/wallet-address';

/** Repository root: backend/src/config -> ../../.. (also right for backend/dist/config). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const address = z.string().regex(WALLET_ADDRESS_PATTERN, 'must be a 0x-prefixed 20-byte hex address');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Any PostgreSQL >= 14. Without it an embedded PostgreSQL is started under DATA_DIR/postgres. */
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Public origin of the site: SIWE domain/URI and the CSRF origin check use it. */
  PUBLIC_ORIGIN: z.string().url('must be an absolute URL like http://localhost:3000').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  /** JSON-RPC endpoint of the chain; default http://127.0.0.1:CHAIN_PORT (the local chain `npm start` runs, 8545). */
  RPC_URL: z.string().url().optional(),
  CHAIN_PORT: z.coerce.number().int().min(1).max(65535).default(8545),
  /**
   * Block explorer the app links to (EIP-3091 paths). Unset: the built-in read-only explorer this backend serves
   * under `<PUBLIC_ORIGIN>/explorer` (src/explorer); set (a real network's explorer): links go there and the
   * built-in one is off.
   */
  EXPLORER_URL: z.string().url().optional(),
  /** Blocks one eth_getLogs of the built-in explorer spans (a page of transfers scans at most 5 of them). */
  EXPLORER_LOG_WINDOW_BLOCKS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  TOKEN_ADDRESS: address.optional(),
  /** What the browser app is told (GET /api/config): the RPC a wallet adds for this chain (default RPC_URL). */
  PUBLIC_RPC_URL: z.string().url().optional(),
  CHAIN_NAME: z.string().min(1).optional(),
  NATIVE_CURRENCY_NAME: z.string().min(1).default('Ether'),
  NATIVE_CURRENCY_SYMBOL: z.string().min(1).default('ETH'),
  NATIVE_CURRENCY_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
  /** External links of the header and footer (Chart, Buy Now, social, chat, whitepaper). */
  CHART_URL: z.string().url().default('https://dexscreener.com/'),
  BUY_URL: z.string().url().default('https://app.uniswap.org/'),
  SOCIAL_URL: z.string().url().default('https://x.com/'),
  CHAT_URL: z.string().url().default('https://t.me/'),
  WHITEPAPER_URL: z.string().url().default('https://github.com/'),
  /** Opened on a phone without a wallet: the site's host is appended (a wallet app's in-app browser link). */
  WALLET_DEEP_LINK: z.string().url().default('https://metamask.app.link/dapp/'),
  /** Built browser app served on PORT (default frontend/dist; the API alone when it is missing). */
  FRONTEND_DIST: z.string().optional(),
  ESCROW_ADDRESS: address.optional(),
  /**
   * The escrow's `reviewWindow` (seconds after a task's deadline before its funder may refund). Must equal
   * the deployed contract's immutable; `npm start` passes the deployment's value. Default: the deploy
   * script's default (7 days).
   */
  REVIEW_WINDOW_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  /**
   * Approvals close this long before the refund window opens (deadline + REVIEW_WINDOW_SECONDS), so the
   * payout worker always has time to get an approved payout mined first (fee spikes, RPC outages,
   * indexer lag, clock skew between this server and block timestamps). See backend/README.md.
   */
  REVIEW_CLOSE_MARGIN_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** Comma-separated wallet addresses made admin at start (the operator's way to grant admin). */
  ADMIN_WALLETS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(address)),
  /** Submission validator (admin "AI analysis"): thresholds of the deterministic scorer, see src/validation. */
  VALIDATOR_AUTO_APPROVE_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.85),
  VALIDATOR_APPROVE_MIN_QUALITY: z.coerce.number().int().min(0).max(100).default(50),
  VALIDATOR_NEAR_DUPLICATE_JACCARD: z.coerce.number().min(0).max(1).default(0.6),
  VALIDATOR_IMAGE_DHASH_MAX_DISTANCE: z.coerce.number().int().min(0).max(64).default(10),
  VALIDATOR_SYBIL_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  VALIDATOR_SYBIL_MIN_CLUSTER: z.coerce.number().int().min(2).default(3),
  /** Optional OpenAI-compatible chat completions endpoint (e.g. http://host/v1/chat/completions) adding its judgement. */
  VALIDATOR_LLM_URL: z.string().url().optional(),
  VALIDATOR_LLM_MODEL: z.string().default('gpt-4o-mini'),
  VALIDATOR_LLM_API_KEY: z.string().optional(),
  VALIDATOR_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Most submissions one admin bulk run (bulk-validate, bulk-approve) takes, oldest pending first. */
  ADMIN_BULK_LIMIT: z.coerce.number().int().positive().max(10_000).default(500),
  UPLOAD_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** Bearer token that lets a scraper read GET /metrics from anywhere; without it only from this host (loopback). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  COMMAND_MAX_RETRIES: z.coerce.number().int().min(0).max(100).default(30),
  /** How long a page of GET /api/tasks may be served from memory while the read models are unchanged (0 = off). */
  LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /**
   * How long a list read waits for this replica's store follower to say what other processes changed before the
   * list cache is dropped whole instead (tasks/queries/listing-cache.ts). Only for a range of more than
   * UNSEEN_EVENTS_MAX events (a replica that was stopped, a rebuild elsewhere): smaller ones come with their
   * events from the projection batch that found them, and nothing waits. The follower needs a few ms.
   */
  LIST_CACHE_FOLLOWER_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  // ---- faults: how long the API waits for its database and chain before it answers 503 (see src/http/service-unavailable.ts) ----
  /** Opening a PostgreSQL connection (and waiting for a free pooled one) gives up after this long. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  /** A statement runs at most this long (PostgreSQL cancels it; the client gives up a second later on a frozen server). 0 = no limit. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** A request (except the live event stream) is answered 503 when its handler has not answered within this long. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** GET /api/health and /api/health/ready give up on the database and the chain after this long. */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Every JSON-RPC call of the backend (escrow view, readiness, chain clock) gives up after this long. */
  CHAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(4_000),
  /** The Retry-After (seconds) of a 503 answered because the database, the chain or the storage is unavailable. */
  RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
  // ---- the chain bridge: keys the backend shares with the indexer (its own keys are in indexer/src/settings.ts) ----
  /** Blocks a log must be under the head before the indexer applies it (0 on the local chain); the escrow view shows it. */
  CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** First block the indexer scans; default: the deployment file's deploymentBlock (or 0). */
  ESCROW_DEPLOYMENT_BLOCK: z.coerce.number().int().min(0).optional(),
  /**
   * The chain clock (backend/src/clock): how often the latest block's time is read in the background (0: never,
   * server time only) and how long one read may take. Time rules use max(server time, that block time).
   */
  CHAIN_CLOCK_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  CHAIN_CLOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /**
   * The due-decision scheduler (backend/src/scheduler: auto-approvals, review warnings, cut-offs): how often the
   * process holding its advisory lock looks for decisions due (0: this process never schedules).
   */
  SCHEDULER_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  /** Extra browser origins allowed to make state-changing requests besides PUBLIC_ORIGIN (e.g. a dev server). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.string().url())),
  /** Rate limits per client IP and route: sign-in/register routes and upload routes, per window. */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_UPLOAD: z.coerce.number().int().positive().default(20),
  /** Built-in explorer reads (each costs chain calls) per client IP per window. */
  RATE_LIMIT_EXPLORER: z.coerce.number().int().positive().default(120),
  // Live updates (GET /api/events/stream): how often each replica's follower reads the store, the heartbeat,
  // and how many bytes may queue for one slow client before it is dropped (it reconnects and replays).
  LIVE_POLL_MS: z.coerce.number().int().min(10).max(10_000).default(100),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  LIVE_MAX_BUFFER_BYTES: z.coerce.number().int().min(1024).default(256 * 1024),
});

export type AppConfig = Omit<z.infer<typeof schema>, 'RPC_URL'> & {
  RPC_URL: string;
  publicOrigin: string;
  uploadDir: string;
  /** EXPLORER_URL without a trailing slash, else the built-in explorer's `<publicOrigin>/explorer`. */
  explorerUrl: string;
  /** True when no EXPLORER_URL is configured: this backend serves its own explorer. */
  builtInExplorer: boolean;
};

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Parses and validates the environment; throws one readable line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.REVIEW_CLOSE_MARGIN_SECONDS >= c.REVIEW_WINDOW_SECONDS) {
    throw new Error(
      'Invalid configuration:\n  REVIEW_CLOSE_MARGIN_SECONDS: must be smaller than REVIEW_WINDOW_SECONDS (approvals would close before the deadline)',
    );
  }
  const publicOrigin = (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return {
    ...c,
    RPC_URL: c.RPC_URL ?? `http://127.0.0.1:${c.CHAIN_PORT}`,
    publicOrigin: c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`,
    explorerUrl: c.EXPLORER_URL?.replace(/\/+$/, '') ?? `${publicOrigin}/explorer`,
    builtInExplorer: !c.EXPLORER_URL,
    uploadDir: c.UPLOAD_DIR ?? path.join(c.DATA_DIR, 'uploads'),
  };
}
