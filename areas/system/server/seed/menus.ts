// The platform's menu catalogue: every area of spec §1, on the generic routes of spec §2.
// Master-data entries point at the engine's generic list of their entity, /md/index/<entity>
// (the entity's route); data-authorization rules of an entity bind to the menu with that URL.
// SEQ is the position inside the category. WECHAT_MGM and WX_* exist in the catalogue (a company
// may have them switched on) but never leave the server.
export interface MenuSeed {
  code: string;
  category: 'SYS' | 'SRM' | 'FACTORY' | 'SCM' | 'PLAN' | 'DEV' | 'RPT' | 'COLLAB';
  en: string;
  zh: string;
  url: string;
  /** An Ant Design icon name; the client may map or ignore it. */
  icon: string;
}

export const MENU_CATALOGUE: readonly MenuSeed[] = [
  // System: configuration and master data
  { code: 'SYS_USER', category: 'SYS', en: 'Users', zh: '用户管理', url: '/sys/index/user', icon: 'UserOutlined' },
  { code: 'SYS_ROLE', category: 'SYS', en: 'Roles', zh: '角色管理', url: '/sys/index/role', icon: 'TeamOutlined' },
  { code: 'SYS_MENU', category: 'SYS', en: 'Menus', zh: '菜单管理', url: '/sys/index/menu', icon: 'MenuOutlined' },
  { code: 'SYS_DATA_AUTH', category: 'SYS', en: 'Data authorization', zh: '数据授权', url: '/sys/masterdetail/data-auth', icon: 'SafetyOutlined' },
  { code: 'SYS_DICT', category: 'SYS', en: 'System dictionary', zh: '系统字典', url: '/md/index/dictionary', icon: 'BookOutlined' },
  { code: 'SYS_SERVICE', category: 'SYS', en: 'Services registry', zh: '服务注册', url: '/md/index/service', icon: 'ApiOutlined' },
  { code: 'SYS_SN_CONFIG', category: 'SYS', en: 'Serial-number config', zh: '流水号配置', url: '/sys/index/serial-number', icon: 'NumberOutlined' },
  { code: 'SYS_PROJECT_TYPE', category: 'SYS', en: 'Project types', zh: '项目类型', url: '/sys/index/project-type', icon: 'AppstoreOutlined' },
  { code: 'SYS_PROCESS', category: 'SYS', en: 'Process definition', zh: '流程定义', url: '/sys/masterdetail/cpm-process', icon: 'ApartmentOutlined' },
  { code: 'SYS_FLOW_BINDING', category: 'SYS', en: 'Flow bindings', zh: '流程绑定', url: '/sys/index/flow-binding', icon: 'LinkOutlined' },
  { code: 'SYS_DYNAMIC_FORM', category: 'SYS', en: 'Dynamic forms', zh: '动态表单', url: '/sys/index/dynamic-form', icon: 'FormOutlined' },
  { code: 'SYS_SCENARIO', category: 'SYS', en: 'Scenarios', zh: '场景配置', url: '/sys/index/scenario', icon: 'ClusterOutlined' },
  { code: 'SYS_COMPANY', category: 'SYS', en: 'Company profile', zh: '企业信息', url: '/md/index/company', icon: 'BankOutlined' },
  { code: 'SYS_PLANT', category: 'SYS', en: 'Plants', zh: '工厂', url: '/md/index/plant', icon: 'HomeOutlined' },
  { code: 'SYS_ORG', category: 'SYS', en: 'Organizations', zh: '组织架构', url: '/md/index/org', icon: 'PartitionOutlined' },
  { code: 'SYS_POSITION', category: 'SYS', en: 'Positions', zh: '岗位', url: '/md/index/position', icon: 'IdcardOutlined' },
  { code: 'SYS_IMPORT', category: 'SYS', en: 'Business import centre', zh: '业务导入中心', url: '/page/upload/view', icon: 'UploadOutlined' },
  { code: 'SYS_MENU_GUIDE', category: 'SYS', en: 'Menu guide', zh: '功能导航', url: '/workspace/menuguide', icon: 'CompassOutlined' },
  { code: 'SUPER_UI_CONFIG', category: 'SYS', en: 'System UI config', zh: '系统界面配置', url: '/sys/page/ui-config', icon: 'SettingOutlined' },
  // The API reference (docs/openapi.md): ADMIN_ codes open for company administrators only.
  { code: 'ADMIN_API_REFERENCE', category: 'SYS', en: 'API reference', zh: 'API 参考文档', url: '/sys/page/api-reference', icon: 'ApiOutlined' },
  // Members (access area): join requests and invitations, for company administrators.
  { code: 'SYS_JOIN_REQUEST', category: 'SYS', en: 'Join requests', zh: '加入申请', url: '/sys/index/join-request', icon: 'UserAddOutlined' },
  { code: 'SYS_INVITATION', category: 'SYS', en: 'Invitations', zh: '邀请同事', url: '/sys/index/invitation', icon: 'MailOutlined' },
  // Out-API (areas/outapi): push targets and the delivery log, for company administrators.
  { code: 'SYS_OUT_API_CONFIG', category: 'SYS', en: 'Out-API configs', zh: '外部接口配置', url: '/sys/index/out-api-config', icon: 'ApiOutlined' },
  { code: 'SYS_OUT_API_LOG', category: 'SYS', en: 'Out-API delivery log', zh: '外部接口投递日志', url: '/sys/page/out-api-log', icon: 'SendOutlined' },
  // Platform (access area): SUPER_* entries reach the super admin only (access/user-state drops them for others).
  { code: 'SUPER_SIGNUP', category: 'SYS', en: 'Sign-up approval', zh: '注册审核', url: '/sys/index/signup-approval', icon: 'AuditOutlined' },
  { code: 'SUPER_LICENCE', category: 'SYS', en: 'Licence types', zh: '许可类型', url: '/sys/index/licence-type', icon: 'SafetyCertificateOutlined' },
  { code: 'SUPER_OUTBOX', category: 'SYS', en: 'Outbox', zh: '邮件发件箱', url: '/sys/index/outbox', icon: 'SendOutlined' },
  { code: 'WECHAT_MGM', category: 'SYS', en: 'WeChat management', zh: '微信管理', url: '/sys/index/wechat', icon: 'WechatOutlined' },
  { code: 'WX_PAY', category: 'SYS', en: 'WeChat Pay', zh: '微信支付', url: '/sys/index/wx-pay', icon: 'WechatOutlined' },

  // Supplier sourcing (SRM)
  { code: 'SRM_RFI_REQUEST', category: 'SRM', en: 'RFI requests', zh: '信息征询(RFI)', url: '/srm/index/rfi', icon: 'QuestionCircleOutlined' },
  { code: 'SRM_RFI_RECORD', category: 'SRM', en: 'RFI records', zh: 'RFI 记录', url: '/srm/index/rfi-record', icon: 'FileSearchOutlined' },
  { code: 'SRM_RFQ', category: 'SRM', en: 'RFQ / quotations', zh: '询价与报价(RFQ)', url: '/srm/index/rfq', icon: 'DollarOutlined' },
  { code: 'SRM_ACCESS_EVAL_CONFIG', category: 'SRM', en: 'Access-evaluation configuration', zh: '准入评估配置', url: '/srm/masterdetail/access-eval-config', icon: 'AuditOutlined' },
  { code: 'SRM_SUPPLIER_EVAL', category: 'SRM', en: 'Supplier evaluation', zh: '供应商评估', url: '/srm/index/supplier-eval', icon: 'StarOutlined' },
  { code: 'SRM_ADMISSION_EVAL', category: 'SRM', en: 'Supplier admission evaluation', zh: '供应商准入评估', url: '/srm/index/admission-eval', icon: 'SafetyCertificateOutlined' },
  // The supplier's side of sourcing: requests of other companies addressed to it, and its quotations.
  { code: 'SRM_SOURCING_INBOX', category: 'SRM', en: 'Sourcing inbox', zh: '寻源收件箱', url: '/srm/index/sourcing-inbox', icon: 'InboxOutlined' },
  { code: 'SRM_MY_QUOTATIONS', category: 'SRM', en: 'My quotations', zh: '我的报价', url: '/srm/index/my-quotations', icon: 'ProfileOutlined' },
  { code: 'SRM_VENDOR', category: 'SRM', en: 'Vendors', zh: '供应商', url: '/md/index/vendor', icon: 'ShopOutlined' },

  // Factory floor
  { code: 'FACTORY_WORKSHOP', category: 'FACTORY', en: 'Workshops', zh: '车间', url: '/md/index/workshop', icon: 'BuildOutlined' },
  { code: 'FACTORY_PRODUCTION_LINE', category: 'FACTORY', en: 'Production lines', zh: '产线', url: '/md/index/production-line', icon: 'NodeIndexOutlined' },
  { code: 'FACTORY_PROCESS', category: 'FACTORY', en: 'Processes', zh: '工序', url: '/md/index/process', icon: 'OrderedListOutlined' },
  { code: 'FACTORY_LINE_CAPACITY', category: 'FACTORY', en: 'Work-line capacity', zh: '产线产能', url: '/zp/prodmgm/calendarview/line-capacity', icon: 'CalendarOutlined' },
  { code: 'FACTORY_WORK_ORDER', category: 'FACTORY', en: 'Work orders', zh: '生产工单', url: '/zp/prodmgm/index/work-order', icon: 'ProfileOutlined' },
  { code: 'FACTORY_SCAN_VALIDATE', category: 'FACTORY', en: 'Scan validation', zh: '扫码校验', url: '/zp/prodmgm/index/vfscanvalidate', icon: 'ScanOutlined' },

  // Supply chain: orders, outsourcing, material, warehouse, capacity
  { code: 'SCM_CUSTOMER_ORDER', category: 'SCM', en: 'Customer orders', zh: '客户订单', url: '/scm/index/customer-order', icon: 'ShoppingCartOutlined' },
  { code: 'SCM_PURCHASE_REQUIREMENT', category: 'SCM', en: 'Purchase requirements', zh: '采购需求(PR)', url: '/scm/masterdetail/purchase-requirement', icon: 'FileTextOutlined' },
  { code: 'SCM_OUTSOURCED_ORDER', category: 'SCM', en: 'Outsourced orders', zh: '外发订单', url: '/scm/ectabindex/outsourced-order', icon: 'SendOutlined' },
  { code: 'SCM_MATERIAL_ORDER', category: 'SCM', en: 'Material ordering', zh: '物料订购', url: '/scm/ecindex/material-order', icon: 'InboxOutlined' },
  // Shipping (areas/shipping): the supplier's shipment notices and the buyer's incoming shipments.
  { code: 'SCM_SHIPMENT', category: 'SCM', en: 'Shipments', zh: '发货与收货', url: '/scm/index/shipment', icon: 'CarOutlined' },
  // Finance (areas/finance): supplier invoices, payments, debit notes and statements of both companies.
  { code: 'SCM_FINANCE', category: 'SCM', en: 'Invoices and payments', zh: '发票与付款', url: '/scm/page/finance', icon: 'AccountBookOutlined' },
  { code: 'SCM_WAREHOUSE', category: 'SCM', en: 'Warehouse', zh: '仓库管理', url: '/scm/index/warehouse', icon: 'DatabaseOutlined' },
  { code: 'SCM_CUSTOMER', category: 'SCM', en: 'Customers', zh: '客户', url: '/md/index/customer', icon: 'ContactsOutlined' },
  { code: 'SCM_MATERIAL', category: 'SCM', en: 'Materials', zh: '物料', url: '/md/index/material', icon: 'GoldOutlined' },
  { code: 'SCM_VENDOR_CAPACITY', category: 'SCM', en: 'Vendor capacity', zh: '供应商产能', url: '/scm/index/vendor-capacity', icon: 'DashboardOutlined' },
  { code: 'SCM_DEMAND_ALLOCATION', category: 'SCM', en: 'Demand allocation', zh: '需求分配', url: '/scm/index/demand-allocation', icon: 'SplitCellsOutlined' },
  { code: 'SCM_ORDER_ALLOCATION', category: 'SCM', en: 'Order allocation', zh: '订单分配', url: '/scm/index/order-allocation', icon: 'DeploymentUnitOutlined' },
  { code: 'SCM_VENDOR_KPI', category: 'SCM', en: 'Vendor KPI', zh: '供应商 KPI', url: '/scm/index/vendor-kpi', icon: 'LineChartOutlined' },
  // Quality inspections (areas/quality, issue 25): the brand, the factory and the inspection company.
  { code: 'SCM_QC_INSPECTION', category: 'SCM', en: 'Inspections', zh: '验货', url: '/scm/index/inspection', icon: 'SafetyCertificateOutlined' },
  { code: 'SCM_QC_TEMPLATE', category: 'SCM', en: 'Inspection templates', zh: '验货模板', url: '/scm/index/inspection-template', icon: 'ProfileOutlined' },

  // Planning
  { code: 'PLAN_PLANNING', category: 'PLAN', en: 'Production planning', zh: '生产计划', url: '/plan/index/planning', icon: 'ScheduleOutlined' },
  { code: 'PLAN_CALENDAR', category: 'PLAN', en: 'Planning calendar', zh: '排产日历', url: '/zp/prodmgm/calendarview/work-order', icon: 'CalendarOutlined' },
  { code: 'PLAN_CAPACITY_GROUP', category: 'PLAN', en: 'Capacity groups', zh: '产能组', url: '/plan/index/capacity-group', icon: 'GroupOutlined' },
  { code: 'PLAN_DEMAND', category: 'PLAN', en: 'Demand', zh: '需求', url: '/plan/index/demand', icon: 'FundOutlined' },
  { code: 'PLAN_VENDOR_SETTING', category: 'PLAN', en: 'Vendor settings', zh: '供应商设置', url: '/plan/index/vendor-setting', icon: 'SettingOutlined' },
  { code: 'PLAN_CAPACITY_BOARD', category: 'PLAN', en: 'Capacity board', zh: '产能看板', url: '/plan/page/capacity-board', icon: 'HeatMapOutlined' },

  // Style design and development
  { code: 'DEV_SEASON', category: 'DEV', en: 'Season planning', zh: '季节企划', url: '/dev/index/season', icon: 'CloudOutlined' },
  { code: 'DEV_COLOUR', category: 'DEV', en: 'Colours', zh: '颜色', url: '/dev/index/colour', icon: 'BgColorsOutlined' },
  { code: 'DEV_SIZE', category: 'DEV', en: 'Sizes', zh: '尺码', url: '/dev/index/size', icon: 'ColumnWidthOutlined' },
  { code: 'DEV_TREND', category: 'DEV', en: 'Trends', zh: '流行趋势', url: '/dev/index/trend', icon: 'RiseOutlined' },
  { code: 'DEV_BOM', category: 'DEV', en: 'Bill of materials', zh: '物料清单(BOM)', url: '/dev/masterdetail/bom', icon: 'UnorderedListOutlined' },
  { code: 'DEV_SAMPLING', category: 'DEV', en: 'Sampling', zh: '打样', url: '/dev/index/sampling', icon: 'SkinOutlined' },
  { code: 'DEV_QUOTE', category: 'DEV', en: 'Quotes', zh: '报价', url: '/dev/index/quote', icon: 'AccountBookOutlined' },
  { code: 'DEV_MEASUREMENT_CHART', category: 'DEV', en: 'Measurement charts', zh: '尺寸表', url: '/dev/index/measurement-chart', icon: 'TableOutlined' },
  { code: 'DEV_PO_TRACKING', category: 'DEV', en: 'PO tracking', zh: 'PO 跟踪', url: '/dev/index/po-tracking', icon: 'FieldTimeOutlined' },
  { code: 'DEV_STYLE', category: 'DEV', en: 'Styles', zh: '款式', url: '/dev/index/style', icon: 'SkinOutlined' },
  { code: 'DEV_FOLLOW_NODE_CONFIG', category: 'DEV', en: 'Follow-node configs', zh: '跟进节点配置', url: '/dev/index/follow-node-config', icon: 'ApartmentOutlined' },
  { code: 'DEV_NODE_FOLLOWING', category: 'DEV', en: 'Garment-node following', zh: '成衣节点跟进', url: '/dev/index/node-following', icon: 'NodeExpandOutlined' },

  // Reports
  { code: 'RPT_CONTROL_TOWER', category: 'RPT', en: 'Control tower', zh: '控制塔', url: '/rpt/dsrptindex/control-tower', icon: 'RadarChartOutlined' },
  { code: 'RPT_REPORTS', category: 'RPT', en: 'Reports', zh: '报表', url: '/rpt/dsrptindex/reports', icon: 'BarChartOutlined' },
  { code: 'RPT_VISUAL', category: 'RPT', en: 'Visual board', zh: '可视化看板', url: '/visual/board', icon: 'PieChartOutlined' },

  // Collaboration
  { code: 'COLLAB_TODO_CENTRE', category: 'COLLAB', en: 'To-do centre', zh: '待办中心', url: '/workspace/mailindex', icon: 'MailOutlined' },
  { code: 'COLLAB_MY_APPROVALS', category: 'COLLAB', en: 'My approvals', zh: '我的审批', url: '/collab/page/my-approvals', icon: 'AuditOutlined' },
  { code: 'COLLAB_TASK', category: 'COLLAB', en: 'Tasks', zh: '任务', url: '/collab/index/task', icon: 'CheckSquareOutlined' },
  { code: 'COLLAB_ANNOUNCEMENT', category: 'COLLAB', en: 'Announcements', zh: '公告', url: '/collab/index/announcement', icon: 'NotificationOutlined' },
  { code: 'COLLAB_TICKET', category: 'COLLAB', en: 'Exception tickets', zh: '异常工单', url: '/collab/index/ticket', icon: 'ExceptionOutlined' },
  { code: 'COLLAB_TICKET_CATEGORY', category: 'COLLAB', en: 'Ticket categories', zh: '工单分类', url: '/collab/index/ticket-category', icon: 'TagsOutlined' },
  { code: 'COLLAB_ESIGN', category: 'COLLAB', en: 'Electronic signing', zh: '电子签署', url: '/collab/index/esign', icon: 'QrcodeOutlined' },
  { code: 'COLLAB_DISCOVERY', category: 'COLLAB', en: 'Discovery', zh: '发现', url: '/discovery/index', icon: 'GlobalOutlined' },
  { code: 'COLLAB_APP_MARKET', category: 'COLLAB', en: 'App market', zh: '应用市场', url: '/collab/page/app-market', icon: 'ShopOutlined' },
];
