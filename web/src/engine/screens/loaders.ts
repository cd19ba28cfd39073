// The generic screens as lazy templates, for an area whose route shows nothing but one of them:
// registerTemplate('zp.index', 'prodmgm', 'work-order', screenLoaders.index).
export const screenLoaders = {
  document: () => import('./DocumentScreen'),
  index: () => import('./IndexScreen'),
  masterDetail: () => import('./MasterDetailScreen'),
  statusTabs: () => import('./StatusTabsScreen'),
};
