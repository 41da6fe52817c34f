import { z } from 'zod';
import { uploadFileContent } from '../core/files/upload-content.js';
import { defineTool } from './definition.js';

// spec § svc_files_upload over MCP. Over REST the same tool takes a streamed multipart body instead
// (`rest.body: 'multipart'`, src/server/rest/file-upload.ts); both end in core storeUploadedFile.
const input = z
  .object({
    name: z.string().min(1).max(1000).describe('File name with extension; the extension drives processing'),
    content: z.string().optional().describe('File content as UTF-8 text (send this or contentBase64)'),
    contentBase64: z.string().optional().describe('File content as base64 bytes (send this or content)'),
    mimeType: z.string().max(200).optional().describe('Explicit content type (a hint; the type is detected from the bytes)'),
  })
  .refine((v) => (v.content === undefined) !== (v.contentBase64 === undefined), {
    message: 'send exactly one of content and contentBase64',
  });

export const filesUploadTool = defineTool({
  name: 'svc_files_upload',
  description:
    'Upload a file (name with extension, and exactly one of UTF-8 content or contentBase64; under 1 MB decoded). Text, Markdown, HTML, PDF, DOCX, CSV, JSON and source code are extracted in the background into searchable chunks (status "processing"); other types are stored for download only (status "stored").',
  input,
  cost: 0,
  permission: 'editor',
  defaults: { mcp: false, rest: true },
  hiddenFromVisitors: true,
  rest: { method: 'POST', path: '/files', status: 201, body: 'multipart' },
  handler: (ctx, args) => uploadFileContent(ctx, args),
});
