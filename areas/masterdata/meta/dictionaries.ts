// The system-dictionary types the master-data definitions read (`options: { dictionary: TYPE }`),
// with the values a new company starts with. The seed creates them as rows of the `dictionary`
// entity (type_code = type, code, name = zh, name_en = en, category BUSINESS, sort_no = position
// × 10) for every demo company: demo.ts derives its dictionary rows from this list, so seeding
// the demo rows is enough; do not seed both.
import type { FieldOption, Label } from '@seamline/core';

export interface DictionaryValue {
  code: string;
  en: string;
  zh: string;
}

export interface DictionaryType {
  type: string;
  label: Label;
  values: DictionaryValue[];
}

const v = (code: string, en: string, zh: string): DictionaryValue => ({ code, en, zh });

export const MASTERDATA_DICTIONARIES: DictionaryType[] = [
  {
    type: 'COUNTRY',
    label: { en: 'Country / region', zh: '国家/地区' },
    values: [
      v('CN', 'China', '中国'),
      v('HK', 'Hong Kong, China', '中国香港'),
      v('VN', 'Vietnam', '越南'),
      v('BD', 'Bangladesh', '孟加拉国'),
      v('KH', 'Cambodia', '柬埔寨'),
      v('ID', 'Indonesia', '印度尼西亚'),
      v('IT', 'Italy', '意大利'),
      v('JP', 'Japan', '日本'),
      v('US', 'United States', '美国'),
    ],
  },
  {
    type: 'INDUSTRY',
    label: { en: 'Industry', zh: '行业' },
    values: [
      v('APPAREL', 'Apparel', '服装'),
      v('TEXTILES', 'Textiles', '纺织'),
      v('FOOTWEAR', 'Footwear', '鞋业'),
      v('ACCESSORIES', 'Fashion accessories', '服饰配件'),
      v('RETAIL', 'Retail', '零售'),
      v('E_COMMERCE', 'E-commerce', '电子商务'),
    ],
  },
  {
    type: 'COMPANY_TYPE',
    label: { en: 'Company type (legal form)', zh: '企业类型' },
    values: [
      v('LIMITED', 'Limited liability company', '有限责任公司'),
      v('JOINT_STOCK', 'Joint-stock company', '股份有限公司'),
      v('FOREIGN_INVESTED', 'Foreign-invested enterprise', '外商投资企业'),
      v('STATE_OWNED', 'State-owned enterprise', '国有企业'),
      v('SOLE_PROPRIETOR', 'Individual business', '个体工商户'),
    ],
  },
  {
    type: 'PAYMENT_TERMS',
    label: { en: 'Payment terms', zh: '付款条件' },
    values: [
      v('PREPAID', 'Payment in advance', '预付款'),
      v('COD', 'Cash on delivery', '货到付款'),
      v('NET30', 'Net 30 days', '月结30天'),
      v('NET60', 'Net 60 days', '月结60天'),
      v('NET90', 'Net 90 days', '月结90天'),
      v('LC', 'Letter of credit', '信用证'),
    ],
  },
  {
    type: 'VENDOR_TYPE',
    label: { en: 'Vendor type', zh: '供应商类型' },
    values: [
      v('MANUFACTURER', 'Manufacturer', '生产型'),
      v('TRADER', 'Trading company', '贸易型'),
      v('SERVICE', 'Service provider', '服务型'),
    ],
  },
  {
    type: 'VENDOR_GRADE',
    label: { en: 'Vendor grade', zh: '供应商等级' },
    values: [
      v('A', 'A - Strategic', 'A级(战略)'),
      v('B', 'B - Preferred', 'B级(优选)'),
      v('C', 'C - Approved', 'C级(合格)'),
      v('D', 'D - On probation', 'D级(观察)'),
    ],
  },
  {
    type: 'VENDOR_CATEGORY',
    label: { en: 'Vendor category', zh: '供应商类别' },
    values: [
      v('GARMENT', 'Garment manufacturing', '成衣加工'),
      v('FABRIC', 'Fabric', '面料'),
      v('TRIM', 'Trims and accessories', '辅料'),
      v('PACKAGING', 'Packaging', '包材'),
      v('PRINT_EMB', 'Printing and embroidery', '印花绣花'),
      v('WASHING', 'Garment washing', '水洗'),
      v('YARN', 'Yarn', '纱线'),
      v('DYESTUFF', 'Dyes and chemicals', '染料助剂'),
    ],
  },
  {
    type: 'CUSTOMER_LEVEL',
    label: { en: 'Customer level', zh: '客户等级' },
    values: [
      v('VIP', 'VIP', 'VIP客户'),
      v('A', 'Key account', 'A类(重点客户)'),
      v('B', 'Regular', 'B类(普通客户)'),
      v('C', 'Occasional', 'C类(零散客户)'),
    ],
  },
  {
    type: 'CUSTOMER_TYPE',
    label: { en: 'Customer type', zh: '客户类型' },
    values: [
      v('BRAND', 'Brand', '品牌客户'),
      v('RETAILER', 'Retailer', '零售商'),
      v('WHOLESALER', 'Wholesaler', '批发商'),
      v('E_COMMERCE', 'E-commerce', '电商'),
      v('GARMENT_MAKER', 'Garment maker', '成衣厂'),
      v('AGENT', 'Trading agent', '贸易代理'),
    ],
  },
  {
    type: 'CUSTOMER_CATEGORY',
    label: { en: 'Customer category', zh: '客户类别' },
    values: [v('DOMESTIC', 'Domestic sales', '内销'), v('EXPORT', 'Export', '外销')],
  },
  {
    type: 'PICKUP_MODE',
    label: { en: 'Pickup mode', zh: '提货方式' },
    values: [
      v('SELF_PICKUP', 'Customer pickup', '客户自提'),
      v('DELIVERY', 'Delivered by us', '送货上门'),
      v('LOGISTICS', 'Freight forwarder', '物流托运'),
      v('EXPRESS', 'Express courier', '快递'),
    ],
  },
  {
    type: 'UNIT',
    label: { en: 'Unit of measure', zh: '计量单位' },
    values: [
      v('M', 'Metre', '米'),
      v('YD', 'Yard', '码'),
      v('KG', 'Kilogram', '千克'),
      v('PCS', 'Piece', '个'),
      v('SET', 'Set', '套'),
      v('ROLL', 'Roll', '卷'),
      v('CONE', 'Cone', '筒'),
      v('GROSS', 'Gross (144 pcs)', '罗(144个)'),
    ],
  },
  {
    type: 'MATERIAL_TYPE',
    label: { en: 'Material type', zh: '物料类型' },
    values: [
      v('FABRIC', 'Fabric', '面料'),
      v('TRIM', 'Trim', '辅料'),
      v('PACKAGING', 'Packaging', '包材'),
      v('YARN', 'Yarn', '纱线'),
      v('CHEMICAL', 'Dyes and chemicals', '染化料'),
    ],
  },
  {
    type: 'MATERIAL_GROUP',
    label: { en: 'Material group', zh: '物料组' },
    values: [
      v('WOVEN', 'Woven fabric', '梭织面料'),
      v('KNIT', 'Knit fabric', '针织面料'),
      v('DENIM', 'Denim', '牛仔布'),
      v('LINING', 'Lining', '里布'),
      v('INTERLINING', 'Interlining', '衬布'),
      v('BUTTON', 'Buttons', '纽扣'),
      v('ZIPPER', 'Zippers', '拉链'),
      v('LABEL', 'Labels and tags', '商标吊牌'),
      v('THREAD', 'Sewing thread', '缝纫线'),
      v('POLYBAG', 'Polybags', '胶袋'),
      v('CARTON', 'Cartons', '纸箱'),
      v('GREIGE', 'Greige fabric', '坯布'),
    ],
  },
  {
    type: 'CAPACITY_TYPE',
    label: { en: 'Capacity type', zh: '产能类型' },
    values: [v('STANDARD', 'Regular shift', '正常班'), v('OVERTIME', 'Overtime', '加班'), v('SAMPLE', 'Sample making', '打样')],
  },
  {
    type: 'WAIT_TYPE',
    label: { en: 'Wait type', zh: '等待类型' },
    values: [
      v('MATERIAL', 'Waiting for material', '待料'),
      v('PREVIOUS', 'Waiting for the previous process', '待上道工序'),
      v('QC', 'Waiting for inspection', '待检验'),
      v('MACHINE', 'Waiting for a machine', '待设备'),
      v('OUTSOURCE', 'Waiting for outsourced work', '待外发回厂'),
    ],
  },
  {
    type: 'LINE_ROLE',
    label: { en: 'Role on the line', zh: '产线岗位' },
    values: [
      v('LEADER', 'Line leader', '组长'),
      v('OPERATOR', 'Sewing operator', '车工'),
      v('QC', 'Quality inspector', '质检员'),
      v('MECHANIC', 'Mechanic', '机修'),
      v('HELPER', 'Helper', '杂工'),
    ],
  },
];

/** The values of a dictionary type as select options (for tests, fallbacks and the seed). */
export function dictionaryOptions(type: string): FieldOption[] {
  const d = MASTERDATA_DICTIONARIES.find((x) => x.type === type);
  return (d?.values ?? []).map((x) => ({ value: x.code, label: { en: x.en, zh: x.zh } }));
}
