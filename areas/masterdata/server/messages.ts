// Server-side texts of the master-data area: the refusals of its hooks (server/hooks.ts), plus the
// definitions' rule messages (meta/messages.ts) so every key resolves on this side too.
import { type Catalogues, registerMessages } from '@seamline/server/api';
import { masterdataMessages } from '../meta';

export const masterdataServerMessages: Catalogues = {
  en: {
    ...masterdataMessages.en,
    'md.dictionaryCodeTaken': 'This code already exists in the dictionary type',
    'md.serviceExists': 'This service is already registered',
    'md.unknownProcesses': 'Unknown process codes: {codes}',
    'md.processAllowedOnLine': '{entity} "{line}" allows {codes} in its work-line capacity',
  },
  zh: {
    ...masterdataMessages.zh,
    'md.dictionaryCodeTaken': '该字典类型下已存在此编码',
    'md.serviceExists': '该服务已登记',
    'md.unknownProcesses': '工序编码不存在：{codes}',
    'md.processAllowedOnLine': '{entity}「{line}」的产线产能允许工序 {codes}',
  },
};

// Registered on import too: the seed writes through the engine before any app exists.
registerMessages(masterdataServerMessages);
