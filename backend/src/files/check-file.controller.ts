import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UploadsService } from '../uploads';

class CheckFileAnswer {
  @ApiProperty() exists!: boolean;
}

/**
 * GET /api/check-file?path=<url>: the review dialog asks it when a proof image fails to load. Only our own
 * upload store can be asked about (`/api/uploads/<random key>`, relative or on our public origin, any query
 * string ignored, e.g. the dialog's reload timestamp); anything else is `{ exists: false }` without looking,
 * so no path on the server's disk or elsewhere can be probed through it.
 */
@ApiTags('files')
@Controller('api/check-file')
export class CheckFileController {
  private readonly origin: string;

  constructor(private readonly uploads: UploadsService, @Inject(APP_CONFIG) config: AppConfig) {
    this.origin = new URL(config.publicOrigin).origin;
  }

  @Get()
  @ApiOperation({ summary: 'Whether an uploaded file still exists' })
  @ApiQuery({ name: 'path', required: true, description: 'A file URL as answered by an upload, e.g. /api/uploads/<key>.png' })
  @ApiOkResponse({ type: CheckFileAnswer })
  async check(@Query('path') path?: unknown): Promise<CheckFileAnswer> {
    const pathname = typeof path === 'string' ? this.ownPathname(path) : null;
    return { exists: pathname !== null && (await this.uploads.exists(pathname)) };
  }

  private ownPathname(path: string): string | null {
    if (path.length > 2048) return null;
    try {
      const url = new URL(path, this.origin);
      return url.origin === this.origin ? url.pathname : null;
    } catch {
      return null;
    }
  }
}
