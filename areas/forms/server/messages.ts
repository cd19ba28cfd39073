// Server-side texts of the dynamic-form area, plus the designer's own (core) so every key resolves here.
import type { Catalogues } from '@seamline/server/api';
import { formsMessages } from '../meta';

export const formsServerMessages: Catalogues = {
  en: {
    ...formsMessages.en,
    'forms.codeTaken': 'This form code already exists',
    'forms.contextTaken': 'This context already has a form',
    'forms.inUse': 'The form is used by {scenarios} scenario(s) and {values} saved record(s); remove those first',
    'forms.badFilter': 'The filter cannot be used: {detail}',
    'forms.recordRequired': 'entity and record_id are required',
    'forms.unknownEntity': 'No entity of this name exists',
  },
  zh: {
    ...formsMessages.zh,
    'forms.codeTaken': '该表单编码已存在',
    'forms.contextTaken': '该业务场景已绑定表单',
    'forms.inUse': '该表单已被 {scenarios} 个场景和 {values} 条已保存记录使用，请先移除',
    'forms.badFilter': '筛选条件无法使用：{detail}',
    'forms.recordRequired': '必须提供 entity 和 record_id',
    'forms.unknownEntity': '不存在该名称的实体',
  },
};
