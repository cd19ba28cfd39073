// The wire shape of `crossapi/ccommonapi/data-upload/page-upload-links` (spec §7): the imports a
// page offers. Server and web share it from here.

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
