import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/domain-error';
import { UPLOAD_MESSAGES } from './upload.constants';
import { UPLOAD_STORAGE, UploadStorage } from './upload-storage';

/**
 * Serves stored uploads. Only re-encoded images are ever stored, and they are served with their real
 * type, `nosniff` and a CSP that forbids everything, so even a file a browser misjudged could run nothing.
 * Keys are random and content never changes under a key: cacheable forever.
 */
@Controller('api/uploads')
export class UploadsController {
  constructor(@Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage) {}

  @Get(':key')
  async serve(@Param('key') key: string, @Res() res: Response): Promise<void> {
    const file = await this.storage.get(key);
    if (!file) throw new DomainError(404, UPLOAD_MESSAGES.notFound);
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Disposition', 'inline');
    file.body.on('error', () => res.destroy());
    file.body.pipe(res);
  }
}
