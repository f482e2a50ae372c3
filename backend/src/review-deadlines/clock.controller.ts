import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ChainClock } from '../clock/chain-clock';

export class ClockView {
  @ApiProperty({ format: 'date-time', description: 'max(server time, the latest block time): the clock every time rule uses' }) now!: Date;
}

/**
 * GET /api/clock: what the app's clock says, so a browser shows time left (review deadlines) on the same clock
 * the scheduler decides on, not on its own (which a test chain moved by evm_increaseTime, or a skewed laptop, contradicts).
 */
@ApiTags('clock')
@Controller('api/clock')
export class ClockController {
  constructor(private readonly clock: ChainClock) {}

  @Get()
  @ApiOkResponse({ type: ClockView })
  now(): ClockView {
    return { now: this.clock.now() };
  }
}
