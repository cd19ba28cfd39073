// Wire shapes of import, export and upload (docs/server.md 'Import and export'): the server
// answers with them and the web reads them, so both take them from here.

export interface UploadLink {
  entity: string;
  label: string;
  /** '/api/P/ENTITY' */
  api: string;
  /** GET: the .xlsx template. */
  template: string;
  /** POST multipart: the import. */
  import: string;
  /** GET: the list as .xlsx. */
  export: string;
  /** The generic list route of the entity. */
  route: string;
  menu_code: string | null;
  /** 'create', and 'upsert' when rows can be matched by a unique field. */
  modes: Array<'create' | 'upsert'>;
  /** The field upsert matches rows by, and its label. */
  key_field: string | null;
  key_label: string | null;
  max_rows: number;
  max_bytes: number;
}

/** `import` results when every row saved. */
export interface ImportResult {
  /** Data rows read. */
  rows: number;
  imported: number;
  created: number;
  updated: number;
  /** Header texts that named no field (their columns were not read). */
  ignored_columns: string[];
}

/** `data.errors` of a refused import (code 11000). */
export interface ImportErrors {
  rows: Array<{ row: number; errors: Record<string, string[]> }>;
  error_rows: number;
  report: string | null;
  labels: Record<string, string>;
}

/** One file's outcome in `utilsapi/files/upload-image`. */
export interface UploadedFile {
  name: string;
  ok: boolean;
  url?: string;
  size?: number;
  type?: string;
  width?: number;
  height?: number;
  message?: string;
}
