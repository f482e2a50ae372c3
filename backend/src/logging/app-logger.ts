import pino, { DestinationStream, Logger } from 'pino';
import { AppConfig } from '../config/app-config';

/** The process's pino logger, as a provider (AppModule). */
export const APP_LOGGER = Symbol('APP_LOGGER');

/** Where a credential could ever sit in a log object: never written, whatever a caller passes. */
const REDACTED_PATHS = [
  'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]',
  '*.password', '*.passwordHash', '*.signature', '*.privateKey', '*.secret', '*.sessionSecret',
];

/**
 * The process's one logger: JSON lines (pino) at LOG_LEVEL (`silent` in tests) on stdout, or on `destination`
 * (a test reads the lines). `service` says which process wrote a line when several share one log stream.
 */
export function createAppLogger(config: Pick<AppConfig, 'LOG_LEVEL'>, service: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      base: { service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** A start-up line written at any LOG_LEVEL: supervisors, benchmarks and tests wait for its text. */
export function announce(logger: Logger, message: string, fields: Record<string, unknown> = {}): void {
  logger.child({}, { level: 'info' }).info(fields, message);
}
