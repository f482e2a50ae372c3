export { UploadsModule } from './uploads.module';
export { UploadsService, UPLOAD_URL_PREFIX } from './uploads.service';
export type { StoredImage } from './uploads.service';
export { ImageUploadInterceptor } from './image-upload.interceptor';
export { UPLOAD_STORAGE } from './upload-storage';
export type { UploadStorage, StoredUpload } from './upload-storage';
export { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './upload.constants';
