import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads';
import { CheckFileController } from './check-file.controller';

@Module({ imports: [UploadsModule], controllers: [CheckFileController] })
export class FilesModule {}
