import { CallHandler, ExecutionContext, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { DomainError } from '../common/domain-error';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './upload.constants';

/**
 * Parses a multipart body with one file in `field` into `req.file` (read it with `@UploadedFile()`), then
 * hand it to `UploadsService.storeImage`. Memory storage: the file is held in memory, capped at 2 MB while
 * it streams in (multer stops reading and we answer 413), so nothing touches the disk before it is
 * validated and re-encoded. Any field name works: `ImageUploadInterceptor('image')`, `('file')`, ...
 */
export function ImageUploadInterceptor(field: string): Type<NestInterceptor> {
  @Injectable()
  class ImageUpload implements NestInterceptor {
    private readonly parse = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    }).single(field);

    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = ctx.switchToHttp();
      const req = http.getRequest<Request>();
      const res = http.getResponse<Response>();
      await new Promise<void>((resolve, reject) =>
        this.parse(req, res, (err: unknown) => (err ? reject(translateMulterError(err, field)) : resolve())),
      );
      return next.handle();
    }
  }
  return mixin(ImageUpload);
}

/**
 * Everything the parser reports is about the request's body (memory storage: no disk is involved), so it is
 * the client's to fix: multer's own limits by their codes, and busboy's (a malformed part header, a body that
 * ends mid-part) as a malformed upload, never a 500.
 */
function translateMulterError(err: unknown, field: string): unknown {
  if (!(err instanceof Error)) return err;
  if (!(err instanceof multer.MulterError)) return new DomainError(400, `Malformed upload: ${err.message}`);
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new DomainError(413, UPLOAD_MESSAGES.tooLarge);
    case 'LIMIT_UNEXPECTED_FILE':
      return new DomainError(400, `Unexpected file field: send the file in the field "${field}"`);
    default:
      return new DomainError(400, `Malformed upload: ${err.message}`);
  }
}
