// Texts of the form designer's own checks (spec §5 'Form designer'), in English and Chinese.
import { interpolate, langOf, type MessageParams } from '@seamline/core';

export const formsMessages = {
  en: {
    'forms.codeRequired': 'Please enter the form code',
    'forms.codeFormat': 'Code: letters, digits, underscore and hyphen only',
    'forms.nameEnRequired': 'Please enter the English name',
    'forms.nameZhRequired': 'Please enter the Chinese name',
    'forms.noFields': 'Add at least one field',
    'forms.fieldRequired': 'Please enter the field name',
    'forms.fieldFormat': 'Field name: lower-case letters, digits and underscores, starting with a letter',
    'forms.fieldReserved': 'This field name is reserved',
    'forms.fieldUnique': 'Field name must be unique',
    'forms.labelEnRequired': 'Please enter the English label',
    'forms.labelZhRequired': 'Please enter the Chinese label',
    'forms.typeUnknown': 'Please choose a field type',
    'forms.optionsRequired': 'A choice field needs at least one option',
    'forms.optionValueRequired': 'Every option needs a value',
    'forms.optionLabelRequired': 'Every option needs an English and a Chinese label',
    'forms.optionDuplicate': 'Duplicate option value: {value}',
    'forms.conditionInvalid': 'The condition cannot be read: {detail}',
    'forms.validatorUnknown': 'Unknown validator: {type}',
    'forms.exactLength': 'Exact length needs a positive whole number',
    'forms.regexInvalid': 'The regular expression is invalid',
    'forms.caseExclusive': 'Upper case and lower case cannot both be on',
    'forms.macroUnknown': 'Unknown date macro {macro}',
    'forms.macroType': 'The date macro {macro} does not fit this field type',
    'forms.defaultInvalid': 'Default value: {message}',
    'forms.maxLength': 'Maximum length must be a whole number from 1 to 4000',
    'forms.scenarioFormRequired': 'Please choose a form',
    'forms.contextTypeUnknown': 'Please choose a context type: project type, flow node or entity',
    'forms.contextKeyRequired': 'Please enter the context key',
    'forms.flowNodeKey': 'A flow node is written <process code>:<node status>, e.g. PO_APPROVAL:20',
    'forms.entityKey': 'An entity is written by its name, e.g. vendor or production-line',
    'forms.projectTypeKey': 'A project type is written by its code: letters, digits, underscore, dot and hyphen',
  },
  zh: {
    'forms.codeRequired': '请输入表单编码',
    'forms.codeFormat': '编码只能包含字母、数字、下划线和连字符',
    'forms.nameEnRequired': '请输入英文名称',
    'forms.nameZhRequired': '请输入中文名称',
    'forms.noFields': '请至少添加一个字段',
    'forms.fieldRequired': '请输入字段名',
    'forms.fieldFormat': '字段名只能包含小写字母、数字和下划线，且以字母开头',
    'forms.fieldReserved': '该字段名为系统保留',
    'forms.fieldUnique': '字段名必须唯一',
    'forms.labelEnRequired': '请输入英文标签',
    'forms.labelZhRequired': '请输入中文标签',
    'forms.typeUnknown': '请选择字段类型',
    'forms.optionsRequired': '选择类字段至少需要一个选项',
    'forms.optionValueRequired': '每个选项都需要填写值',
    'forms.optionLabelRequired': '每个选项都需要英文和中文标签',
    'forms.optionDuplicate': '选项值重复：{value}',
    'forms.conditionInvalid': '条件无法解析：{detail}',
    'forms.validatorUnknown': '未知的校验规则：{type}',
    'forms.exactLength': '固定长度必须是正整数',
    'forms.regexInvalid': '正则表达式无效',
    'forms.caseExclusive': '不能同时转为大写和小写',
    'forms.macroUnknown': '未知的日期宏 {macro}',
    'forms.macroType': '日期宏 {macro} 不适用于该字段类型',
    'forms.defaultInvalid': '默认值：{message}',
    'forms.maxLength': '最大长度必须是 1 到 4000 之间的整数',
    'forms.scenarioFormRequired': '请选择表单',
    'forms.contextTypeUnknown': '请选择业务场景类型：项目类型、流程节点或实体',
    'forms.contextKeyRequired': '请输入场景键',
    'forms.flowNodeKey': '流程节点的写法为 <流程编码>:<节点状态>，例如 PO_APPROVAL:20',
    'forms.entityKey': '实体按名称填写，例如 vendor 或 production-line',
    'forms.projectTypeKey': '项目类型按编码填写：字母、数字、下划线、点和连字符',
  },
} satisfies { en: Record<string, string>; zh: Record<string, string> };

export type FormsMessageKey = keyof typeof formsMessages.en;

/** A designer message in the stored language ('en' → English, anything else Chinese). */
export function fm(lang: unknown, key: FormsMessageKey, params?: MessageParams): string {
  const catalogue = langOf(lang) === 'en' ? formsMessages.en : formsMessages.zh;
  return interpolate(catalogue[key], params);
}
