import type { createAppLogger } from '@cent/backend';
import { LogFields, Logger } from '../chain/json-rpc';

/** The indexer's Logger on pino: one JSON line each, the decision's fields as properties beside `msg`. */
export class PinoLogger implements Logger {
  constructor(private readonly pino: ReturnType<typeof createAppLogger>) {}

  log(message: string, fields?: LogFields): void {
    this.pino.info(fields ?? {}, message);
  }

  warn(message: string, fields?: LogFields): void {
    this.pino.warn(fields ?? {}, message);
  }

  error(message: string, fields?: LogFields): void {
    this.pino.error(fields ?? {}, message);
  }
}
