import type { ContainerContext } from '../context.js';
import { fileRecordView, type FileRecordView } from './record.js';

/** spec § svc_files_list: every file record of the container, newest first. */
export async function listFiles(ctx: ContainerContext): Promise<FileRecordView[]> {
  return (await ctx.entries.files.list()).map(fileRecordView);
}
