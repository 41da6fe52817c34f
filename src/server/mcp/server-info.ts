/** How svc introduces itself to MCP clients (initialize result). */
export const SERVER_INFO = { name: 'svc', version: '0.1.0' } as const;

// spec § What the service does, item 7: the typical agent journey, offered to clients as instructions.
export const SERVER_INSTRUCTIONS =
  'svc is a knowledge container. Start with svc_explore to learn its shape and fetch entries, use svc_search for ' +
  'fuzzy retrieval, and svc_navigate to move around from an entry. svc_write stores notes or structured records. ' +
  'Tool errors are returned as results with isError true and a JSON text {"code", "message"} using the service error codes.';
