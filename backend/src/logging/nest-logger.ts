import { LoggerService } from '@nestjs/common';
import type { Level, Logger as Pino } from 'pino';

/**
 * Nest's own log lines (start-up, lifecycle, the `Logger`s of services) as JSON lines on a process's pino logger
 * (the API, the indexer), with Nest's context (the class or module name) as `context`. A message that is an
 * object is merged into the line (`{ reqId, msg }`), an Error goes under `err`.
 *
 * Our own rather than nestjs-pino's: that one keeps its logger in a module-global (so a second application in one
 * process, as in the tests, wrote to the first one's logger), and its request binding needed an
 * AsyncLocalStorage (see request-logging.ts for what that cost).
 */
class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last; an error may come as (message, stack, context). */
  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    if (params.length) fields.context = params[params.length - 1];
    const stack = params.length > 1 ? params[params.length - 2] : undefined;
    if (typeof stack === 'string') fields.stack = stack;
    if (message instanceof Error) this.logger[level]({ ...fields, err: message });
    else if (message !== null && typeof message === 'object') this.logger[level]({ ...fields, ...message });
    else this.logger[level](fields, String(message));
  }
}

export function nestLoggerOn(logger: Pino): LoggerService {
  return new NestPinoLogger(logger);
}
