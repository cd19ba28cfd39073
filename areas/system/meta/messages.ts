// Texts of the system area (users, roles, menus, settings) beyond core's catalogue.
export const systemMessages = {
  en: {
    'system.menuNotVisible': 'This menu is not available to you',
    'system.unknownPlatform': 'Unknown platform',
  },
  zh: {
    'system.menuNotVisible': '该菜单对您不可用',
    'system.unknownPlatform': '未知的平台',
  },
};
