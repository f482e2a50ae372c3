import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LocalDiskStorage } from './local-disk.storage';
import { UPLOAD_STORAGE } from './upload-storage';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

/**
 * The upload pipeline and its serving route. Import it to use `UploadsService.storeImage` with
 * `ImageUploadInterceptor(field)` on a route of your own.
 */
@Module({
  controllers: [UploadsController],
  providers: [
    { provide: UPLOAD_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.uploadDir) },
    UploadsService,
  ],
  exports: [UploadsService, UPLOAD_STORAGE],
})
export class UploadsModule {}
