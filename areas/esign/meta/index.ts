// QR e-signing (spec §1 'Electronic signing', §9 signing countdowns; docs/esign.md): what the
// server and the web share — the countdowns, the states, the wire paths and the live event.

/** Spec §9: the signing QR code is valid this many seconds (ours to choose). */
export const QR_SECONDS = 120;
/** Spec §9: after signing, the signing page and the desktop dialog close after this many seconds. */
export const CLOSE_SECONDS = 5;
/** The drawn signature (a PNG data URL) may not be larger than this. */
export const MAX_IMAGE_CHARS = 400_000;

export const ESIGN_STATUS = { PENDING: 'PENDING', SIGNED: 'SIGNED', EXPIRED: 'EXPIRED' } as const;
export type EsignStatus = (typeof ESIGN_STATUS)[keyof typeof ESIGN_STATUS];

/** The menu of the list of requests and signatures (areas/system seed). */
export const ESIGN_MENU = 'COLLAB_ESIGN';
export const ESIGN_LIST_URL = '/collab/index/esign';
/** The phone's signing page; the QR code encodes it with `?code=` (the single-use token; `token` would name the session's). */
export const SIGN_PAGE = '/zp/collab/page/esign';
/**
 * The notification module of 'X signed Y': the requester's inbox row, pushed over the app's
 * socket — the desktop dialog recognises its request by related_key.
 */
export const ESIGN_MODULE = 'ESIGN';

export const ESIGN_PATHS = {
  request: 'utilsapi/esignapi/request',
  state: 'utilsapi/esignapi/request/state',
  view: 'utilsapi/esignapi/request/view',
  list: 'utilsapi/esignapi/page-list',
  document: 'utilsapi/esignapi/document',
  summary: 'utilsapi/esignapi/sign/summary',
  sign: 'utilsapi/esignapi/sign',
} as const;

export const SORTABLE = ['created_at', 'signed_at', 'title', 'status'] as const;

/** A request as lists show it (esignapi/page-list, esignapi/document). */
export interface EsignRow {
  id: string;
  entity: string;
  entity_label: string;
  record_id: string;
  title: string;
  status: EsignStatus;
  created_at: string;
  expires_at: string;
  requested_by_name: string;
  node_seq: number | null;
  node_name: string | null;
  signer_name: string | null;
  signed_at: string | null;
  signer_ip: string | null;
  doc_hash: string | null;
  /** For a signature: does the document still hash to what was signed? null when not signed. */
  matches: boolean | null;
}

/** What the phone shows before signing (esignapi/sign/summary). */
export interface SignSummary {
  entity_label: string;
  title: string;
  fields: { label: string; value: string }[];
  requested_by_name: string;
  node_name: string | null;
  expires_in: number;
}

/** What the desktop dialog reads (esignapi/request and esignapi/request/state). */
export interface RequestState {
  id: string;
  status: EsignStatus;
  expires_in: number;
  signer_name: string | null;
  signed_at: string | null;
  node_name: string | null;
  /** Only in the answer to the request itself: the QR code's URL path with the token. */
  url?: string;
}
