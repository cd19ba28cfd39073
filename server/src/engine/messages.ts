// Texts of the engine's own refusals (registered with the engine area, so `t()` finds them).
import { registerMessages, type Catalogues } from '../i18n';

export const engineMessages: Catalogues = {
  en: {
    'engine.refMissing': 'The selected record does not exist',
    'engine.refFiltered': 'The selected record cannot be chosen here (for example it is not active)',
    'engine.unique': 'This value already exists',
    'engine.referenced': 'This record is used by {entity} and cannot be deleted',
    'engine.badState': 'This action is not allowed in the current status',
    'engine.treeCycle': 'A record cannot be placed under itself or one of its own descendants',
    'engine.noSerial': 'Please fill this in: the serial-number series {code} is not set up',
    'engine.inUse': 'This record is in use, still process?',
    'engine.usedAsParent': '{entity} "{name}" is under "{parent}"',
    'engine.readOnlyStatus': 'The document cannot be changed in its current status',
  },
  zh: {
    'engine.refMissing': '所选记录不存在',
    'engine.refFiltered': '所选记录在此不可选（例如未激活）',
    'engine.unique': '该值已存在',
    'engine.referenced': '该记录已被{entity}引用，无法删除',
    'engine.badState': '当前状态不允许此操作',
    'engine.treeCycle': '不能将记录放在其自身或其下级之下',
    'engine.noSerial': '请填写：流水号规则 {code} 未配置',
    'engine.inUse': '该记录正在使用中，是否仍要处理？',
    'engine.usedAsParent': '{entity}「{name}」的上级是「{parent}」',
    'engine.readOnlyStatus': '单据当前状态下不能修改',
  },
};

// Registered on import: the engine also writes outside a request (seeds, imports), before any app exists.
registerMessages(engineMessages);
