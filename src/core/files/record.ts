import type { FileStatus, StoredFile } from '../../store/types.js';

/** spec § File record: every field in the list response. */
export interface FileRecordView {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  uploadedAt: string;
  processingStatus: FileStatus;
  chunkCount: number | null;
  /** Why extraction gave up; present only when `failed`. */
  failureReason?: string;
  /** The file's `_composite` entry; present once processing wrote it. */
  compositeId?: string;
}

/** spec § File record: the upload response holds id, name, size, uploadedAt, processingStatus (plus the detected type). */
export type UploadResultView = Pick<FileRecordView, 'id' | 'name' | 'size' | 'mimeType' | 'uploadedAt' | 'processingStatus'>;

export function fileRecordView(f: StoredFile): FileRecordView {
  const v: FileRecordView = {
    id: f.id,
    name: f.name,
    size: f.size,
    mimeType: f.mimeType,
    uploadedAt: new Date(f.uploadedAt).toISOString(),
    processingStatus: f.status,
    chunkCount: f.chunkCount,
  };
  if (f.status === 'failed' && f.failureReason) v.failureReason = f.failureReason;
  if (f.compositeId && f.status === 'complete') v.compositeId = f.compositeId;
  return v;
}

export function uploadResultView(f: StoredFile): UploadResultView {
  return { id: f.id, name: f.name, size: f.size, mimeType: f.mimeType, uploadedAt: new Date(f.uploadedAt).toISOString(), processingStatus: f.status };
}
