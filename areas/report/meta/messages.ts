// Server messages of the report area, both languages.
export const reportMessages = {
  en: {
    'rpt.unknownReport': 'There is no report {opt}',
    'rpt.badFilter': 'This report cannot be filtered by {field}',
    'rpt.noRelation': 'Your company has no relation with that company',
  },
  zh: {
    'rpt.unknownReport': '没有报表 {opt}',
    'rpt.badFilter': '该报表不能按 {field} 筛选',
    'rpt.noRelation': '贵公司与该公司没有业务关系',
  },
};
