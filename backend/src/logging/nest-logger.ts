import { LoggerService } from '@nestjs/common';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { Logger as Pino } from 'pino';

/** Nest's own log lines (start-up, lifecycle, errors) on a process's pino logger, for processes without HTTP. */
export function nestLoggerOn(logger: Pino): LoggerService {
  return new Logger(new PinoLogger({ pinoHttp: { logger } }), {});
}
