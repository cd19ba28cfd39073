// Status colour mappings (SPEC §4), as antd Tag colour names.

/**
 * Flat keys exactly as the spec lists them, including its spelling PENDING_ARRPOVE.
 * Every mapped key avoids 'default' so it stays distinguishable from an unknown key.
 */
export const STATUS_COLORS = {
  APPR: 'blue',
  CONFIRM: 'green',
  LINK: 'geekblue',
  MSG: 'purple',
  ADMIN: 'gold',
  GUEST: 'cyan',
  UNASSIGNED: 'volcano',
  COMMON: 'blue',
  PENDING_ARRPOVE: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
  exists: 'blue',
  'not exists': 'orange',
  active: 'green',
  inactive: 'red',
} as const satisfies Record<string, string>;

/** Activation states: material and vendor use 0/10/40; bom adds 100. */
export const ACTIVATION_COLORS = {
  material: { '0': 'blue', '10': 'green', '40': 'red' },
  vendor: { '0': 'blue', '10': 'green', '40': 'red' },
  bom: { '0': 'blue', '10': 'green', '40': 'red', '100': 'purple' },
} as const satisfies Record<string, Record<string, string>>;

export const CAPACITY_COLORS = {
  '0': 'volcano',
  '10': 'orange',
  '20': 'blue',
  '30': 'cyan',
  '40': 'green',
  '100': 'purple',
} as const satisfies Record<string, string>;

export type StatusColorGroup = 'activation' | 'material' | 'vendor' | 'bom' | 'capacity';

const GROUPS: Record<StatusColorGroup, Record<string, string>> = {
  activation: ACTIVATION_COLORS.material,
  material: ACTIVATION_COLORS.material,
  vendor: ACTIVATION_COLORS.vendor,
  bom: ACTIVATION_COLORS.bom,
  capacity: CAPACITY_COLORS,
};

export const UNKNOWN_STATUS_COLOR = 'default';

/** Colour for a key (numeric states may be numbers); 'activation' means material/vendor. Unknown → 'default'. */
export function statusColor(key: string | number, group?: StatusColorGroup): string {
  const map: Record<string, string> = group ? GROUPS[group] : STATUS_COLORS;
  const k = String(key);
  return Object.prototype.hasOwnProperty.call(map, k) ? map[k] : UNKNOWN_STATUS_COLOR;
}
