// Where the area's screens live: the menus SYS_DYNAMIC_FORM and SYS_SCENARIO open the two lists.
export const FORMS_LIST_PATH = '/sys/index/dynamic-form';
export const SCENARIO_LIST_PATH = '/sys/index/scenario';
export const designerPath = (id?: string) => (id ? `/sys/page/dynamic-form?id=${encodeURIComponent(id)}` : '/sys/page/dynamic-form');
